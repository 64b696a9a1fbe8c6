// The agent's printers: which one is selected, and printing a job on one of them.
import { randomUUID } from 'node:crypto';
import type { AgentPrinter, PrintJob } from '@sorting/contracts';
import type { PrinterConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { LabelOutput } from './label-outputs.js';
import { describeIssues, ZPrintJob } from './print-job.schema.js';

/** The answer to a print: the fields of the `print` response and of the hub's PrintResult. */
export interface PrintOutcome {
  isSuccess: boolean;
  jobId: string;
  message: string | null;
}

interface Printer {
  config: PrinterConfig;
  output: LabelOutput;
  /** Jobs of one printer run one after another, so two labels never interleave. */
  queue: Promise<unknown>;
}

export class PrintService {
  private readonly printers = new Map<string, Printer>();
  private selectedId: string | null;
  private readonly readinessListeners = new Set<() => void>();
  private readiness: string;

  constructor(
    readonly appId: string,
    printers: { config: PrinterConfig; output: LabelOutput }[],
    private readonly logger: Logger,
    private readonly createJobId: () => string = randomUUID,
  ) {
    for (const printer of printers) {
      this.printers.set(printer.config.id, { ...printer, queue: Promise.resolve() });
    }
    // One workstation, one selection: the first printer until the web app selects another.
    this.selectedId = printers[0]?.config.id ?? null;
    this.readiness = this.readinessKey();
  }

  /**
   * Calls the listener when a job changed whether a printer is ready (a Zebra that stopped
   * answering, or answers again), so the hub can tell the web app. Returns the unsubscribe.
   */
  onReadinessChange(listener: () => void): () => void {
    this.readinessListeners.add(listener);
    return () => this.readinessListeners.delete(listener);
  }

  private readinessKey(): string {
    return [...this.printers.values()].map(({ output }) => (output.isReady() ? 1 : 0)).join('');
  }

  private checkReadiness(): void {
    const key = this.readinessKey();
    if (key === this.readiness) return;
    this.readiness = key;
    for (const listener of this.readinessListeners) listener();
  }

  /** The printers as the protocol shows them. */
  listPrinters(): AgentPrinter[] {
    return [...this.printers.values()].map(({ config, output }) => ({
      id: config.id,
      name: config.name,
      output: config.output,
      isReady: output.isReady(),
    }));
  }

  get selectedPrinterId(): string | null {
    return this.selectedId;
  }

  /** Whether the selected printer can print now. */
  isReady(): boolean {
    const selected = this.selectedId === null ? undefined : this.printers.get(this.selectedId);
    return selected !== undefined && selected.output.isReady();
  }

  /** Selects the printer that jobs without a printer id go to. */
  selectPrinter(printerId: string): { isSuccess: boolean; message: string | null } {
    if (!this.printers.has(printerId)) {
      return { isSuccess: false, message: this.unknownPrinter(printerId) };
    }
    this.selectedId = printerId;
    this.logger.info('printer selected', { printerId });
    return { isSuccess: true, message: null };
  }

  /**
   * Validates, renders and sends a job. An empty printerId means the selected printer. Never
   * throws: every failure is an outcome with its reason, for the web app or the hub.
   */
  async print(input: unknown, jobId: string = this.createJobId()): Promise<PrintOutcome> {
    const parsed = ZPrintJob.safeParse(input);
    if (!parsed.success) {
      const message = `Invalid print job: ${describeIssues(parsed.error)}`;
      this.logger.warn('print refused', { jobId, reason: message });
      return { isSuccess: false, jobId, message };
    }
    const job: PrintJob = parsed.data;
    const printerId = job.printerId === '' ? this.selectedId : job.printerId;
    const printer = printerId === null ? undefined : this.printers.get(printerId);
    if (printer === undefined) {
      const message = printerId === null ? 'No printer selected' : this.unknownPrinter(printerId);
      this.logger.warn('print refused', { jobId, reason: message });
      return { isSuccess: false, jobId, message };
    }

    const run = async (): Promise<PrintOutcome> => {
      try {
        const target = await printer.output.send(job, jobId);
        this.logger.info('printed', {
          jobId,
          printer: printer.config.id,
          template: job.barcodeName,
          copies: job.copies,
          to: target,
        });
        return { isSuccess: true, jobId, message: null };
      } catch (error) {
        const message = `Print on ${printer.config.id} failed: ${(error as Error).message}`;
        this.logger.error('print failed', { jobId, printer: printer.config.id, error });
        return { isSuccess: false, jobId, message };
      }
    };
    const outcome = printer.queue.then(run).finally(() => this.checkReadiness());
    printer.queue = outcome;
    return outcome;
  }

  private unknownPrinter(printerId: string): string {
    return `Printer "${printerId}" is not served by ${this.appId}`;
  }
}
