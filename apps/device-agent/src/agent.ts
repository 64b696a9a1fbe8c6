// The device agent assembled from its parts: printers, scale, local server, hub client.
import type { AgentConfig, ScaleConfig } from './config.js';
import { HubClient } from './hub/hub-client.js';
import { startLocalServer } from './local/local-server.js';
import type { Logger } from './logger.js';
import { createLabelOutput, type LabelOutput, type RenderLabel } from './print/label-outputs.js';
import { PrintService } from './print/print.service.js';
import type { Scale } from './scale/scale.js';
import { SerialScale, type SerialPortFactory } from './scale/serial-scale.js';
import { SimulatedScale } from './scale/simulated-scale.js';

/** Reported by the `version` action. */
export const AGENT_VERSION = '1.0.0';

export interface AgentDependencies {
  renderLabel: RenderLabel;
  logger: Logger;
  /** Replaces a printer's configured output (tests). */
  createOutput?: (printerId: string) => LabelOutput | undefined;
  /** Opens serial ports (tests pass SerialPortMock). */
  openSerialPort?: SerialPortFactory;
  /** Simulated scale timing (tests). */
  scaleSettleMs?: number;
  now?: () => number;
  /** Hub timing (tests); the spec's values otherwise. */
  hubReconnectDelaysMs?: number[];
  hubRetryIntervalMs?: number;
  /** Tests of the local server alone switch the hub off. */
  isHubEnabled?: boolean;
}

export interface RunningAgent {
  readonly port: number;
  readonly printService: PrintService;
  readonly hub: HubClient | null;
  readonly scale: Scale | null;
  stop(): Promise<void>;
}

function createScale(config: ScaleConfig | null, deps: AgentDependencies): Scale | null {
  if (config === null) return null;
  if (config.kind === 'simulated') {
    return new SimulatedScale(config.scaleId, config.weightKg, deps.scaleSettleMs, deps.now);
  }
  const scale = new SerialScale({
    scaleId: config.scaleId,
    path: config.path,
    baudRate: config.baudRate,
    logger: deps.logger,
    openPort: deps.openSerialPort,
    now: deps.now,
  });
  scale.open();
  return scale;
}

/** Starts every part; resolves once the local server listens. */
export async function startAgent(
  config: AgentConfig,
  deps: AgentDependencies,
): Promise<RunningAgent> {
  const { logger } = deps;
  const printService = new PrintService(
    config.appId,
    config.printers.map((printer) => ({
      config: printer,
      output: deps.createOutput?.(printer.id) ?? createLabelOutput(printer, deps.renderLabel),
    })),
    logger,
  );
  const scale = createScale(config.scale, deps);

  let local;
  try {
    local = await startLocalServer({
      appId: config.appId,
      version: AGENT_VERSION,
      host: config.host,
      port: config.port,
      allowedOrigins: config.allowedOrigins,
      printService,
      scale,
      logger,
    });
  } catch (error) {
    await scale?.close();
    throw error;
  }

  const hub =
    deps.isHubEnabled === false
      ? null
      : new HubClient({
          serverUrl: config.serverUrl,
          appId: config.appId,
          agentKey: config.agentKey,
          printService,
          logger,
          reconnectDelaysMs: deps.hubReconnectDelaysMs,
          retryIntervalMs: deps.hubRetryIntervalMs,
        });
  hub?.start();

  return {
    port: local.port,
    printService,
    hub,
    scale,
    async stop() {
      await Promise.allSettled([hub?.stop(), local.close(), scale?.close()]);
    },
  };
}
