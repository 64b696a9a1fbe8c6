import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a scrape reads from other modules at that moment (their faces give it). */
export interface MetricsSources {
  poolStats: () => { total: number; idle: number; waiting: number } | null;
  reports: () => { received: number; dropped: number };
}

/**
 * The business operations counted per warehouse, by the route pattern that makes them (a
 * successful answer only: a refusal is counted among the refusals).
 */
export const COUNTED_OPERATIONS: Readonly<Record<string, string>> = {
  'POST /sorting-api/move': 'move',
  'POST /sorting-api/ContainerAccounting/move': 'move',
};

/**
 * The Prometheus metrics (docs/DECISIONS.md "Error reporting", metrics; docs/OPERATIONS.md):
 * one registry of this process, not prom-client's global one, so a test's app has its own.
 */
export function createMetricsService(sources: MetricsSources) {
  const registry = new Registry();
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: their rate and latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'http_refusals_total',
    help: 'Error answers by ErrorCode name and route pattern',
    labelNames: ['code', 'route'] as const,
    registers: [registry],
  });
  const operations = new Counter({
    name: 'sorting_operations_total',
    help: 'Operations done (moves), by the user default warehouse number',
    labelNames: ['operation', 'warehouse'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_clients',
    help: 'Database pool clients by state (PostgreSQL only)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.poolStats();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'error_reports_total',
    help: 'Error reports received into, and dropped by, our own ingest since start',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      const counters = sources.reports();
      this.set({ outcome: 'received' }, counters.received);
      this.set({ outcome: 'dropped' }, counters.dropped);
    },
  });

  return {
    observeRequest(input: {
      method: string;
      route: string;
      status: number;
      seconds: number;
      isRefused: boolean;
      warehouse: number | null;
    }): void {
      requestSeconds.observe(
        { method: input.method, route: input.route, status: String(input.status) },
        input.seconds,
      );
      const operation = COUNTED_OPERATIONS[`${input.method} ${input.route}`];
      if (operation && input.status < 400 && !input.isRefused) {
        operations.inc({ operation, warehouse: String(input.warehouse ?? 'none') });
      }
    },
    countRefusal(code: string, route: string): void {
      refusals.inc({ code, route });
    },
    contentType: registry.contentType,
    scrape: () => registry.metrics(),
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
