// A real scale on a serial port (serialport 13) that prints its readings continuously in the
// A&D / CAS ASCII format (scale-protocol.ts). The port is reopened when it drops.
import { ReadlineParser, SerialPort, type SerialPortMock } from 'serialport';
import type { Logger } from '../logger.js';
import type { Scale, WeightReading } from './scale.js';
import { NO_READING } from './scale.js';
import { parseScaleLine } from './scale-protocol.js';

/** Opens the port (closed, `autoOpen: false`); tests pass SerialPortMock. */
export type SerialPortFactory = (options: {
  path: string;
  baudRate: number;
  autoOpen: false;
}) => SerialPort | SerialPortMock;

export interface SerialScaleOptions {
  scaleId: string;
  path: string;
  baudRate: number;
  logger: Logger;
  openPort?: SerialPortFactory;
  /** A reading older than this is no reading: the scale went silent. */
  staleAfterMs?: number;
  /** Wait before reopening a port that failed or closed. */
  reopenAfterMs?: number;
  now?: () => number;
}

export class SerialScale implements Scale {
  readonly kind = 'serial';
  readonly scaleId: string;
  private port: SerialPort | SerialPortMock | null = null;
  private last: { reading: WeightReading; at: number } | null = null;
  private reopenTimer: NodeJS.Timeout | null = null;
  private isClosed = false;
  private readonly now: () => number;

  constructor(private readonly options: SerialScaleOptions) {
    this.scaleId = options.scaleId;
    this.now = options.now ?? (() => performance.now());
  }

  /** Opens the port; a failure is logged and retried, the agent starts anyway. */
  open(): void {
    if (this.isClosed) return;
    const { path, baudRate, logger } = this.options;
    const openPort: SerialPortFactory = this.options.openPort ?? ((o) => new SerialPort(o));
    const port = openPort({ path, baudRate, autoOpen: false });
    this.port = port;
    const parser = port.pipe(new ReadlineParser({ delimiter: '\n' }));
    parser.on('data', (line: string) => this.onLine(line));
    port.on('close', () => {
      if (this.port === port) this.scheduleReopen(`scale port ${path} closed`);
    });
    port.on('error', (error: Error) => logger.warn('scale port error', { path, error }));
    port.open((error) => {
      if (error) {
        this.scheduleReopen(`cannot open scale port ${path}: ${error.message}`);
      } else {
        logger.info('scale port open', { scaleId: this.scaleId, path, baudRate });
      }
    });
  }

  read(): WeightReading {
    if (this.last === null) return NO_READING;
    if (this.now() - this.last.at > (this.options.staleAfterMs ?? 2_000)) return NO_READING;
    return this.last.reading;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    const port = this.port;
    this.port = null;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  private onLine(line: string): void {
    const parsed = parseScaleLine(line);
    if (parsed === null) {
      if (line.trim() !== '') this.options.logger.debug('scale line ignored', { line });
      return;
    }
    const isStable = parsed.status === 'stable' && parsed.weightKg !== null;
    this.last = {
      reading: isStable ? { weightKg: parsed.weightKg, isStable: true } : NO_READING,
      at: this.now(),
    };
  }

  private scheduleReopen(reason: string): void {
    this.last = null;
    if (this.isClosed || this.reopenTimer) return;
    const delay = this.options.reopenAfterMs ?? 5_000;
    this.options.logger.warn(`${reason}; retrying in ${delay} ms`);
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      this.open();
    }, delay);
  }
}
