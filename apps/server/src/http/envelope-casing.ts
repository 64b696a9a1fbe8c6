import type { FastifyRequest } from 'fastify';
import { writeEnvelope, type Envelope, type EnvelopeCasing } from '@sorting/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which casing of the envelope each service answers in (spec part 1 §3). */
    envelopeCasing: EnvelopeCasingRegistry;
  }
  interface FastifyContextConfig {
    /** Overrides the casing of the route's service for this one route. */
    envelopeCasing?: EnvelopeCasing;
  }
}

/**
 * Spec part 1 §3: services differ in casing, PascalCase being the usual one. A module whose
 * service answers in camelCase registers its prefix here, so its own answers, its errors and
 * its unknown routes all use camelCase.
 */
export class EnvelopeCasingRegistry {
  readonly #prefixes = new Map<string, EnvelopeCasing>();

  /** Declares the casing of every answer under a path prefix such as '/users-api'. */
  register(prefix: string, casing: EnvelopeCasing): void {
    this.#prefixes.set(prefix.replace(/\/+$/, ''), casing);
  }

  /** The casing for a request: its route's config, else its prefix, else PascalCase. */
  casingOf(request: FastifyRequest): EnvelopeCasing {
    const routeCasing = request.routeOptions.config?.envelopeCasing;
    if (routeCasing) return routeCasing;
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
    let best: { length: number; casing: EnvelopeCasing } | null = null;
    for (const [prefix, casing] of this.#prefixes) {
      const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
      if (matches && (best === null || prefix.length > best.length)) {
        best = { length: prefix.length, casing };
      }
    }
    return best?.casing ?? 'pascal';
  }

  /** The envelope in the casing this request's service answers in. */
  present<T>(request: FastifyRequest, envelope: Envelope<T>) {
    return writeEnvelope(this.casingOf(request), envelope);
  }
}
