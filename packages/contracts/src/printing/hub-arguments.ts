import { z } from 'zod';
import { zText } from '../input-rules.js';
import { HUB_METHODS, type AgentPrinter } from './printing-protocol.js';

// The arguments of every hub method a client invokes (spec part 1 §7), under the input rules
// every call of the API follows (docs/DECISIONS.md "Faults and bad input"):
// text without control characters and of bounded length, each argument of its type, no
// argument missing or extra. The server refuses an invocation whose arguments break them.

/** A printer app's id (the device agent's `--app-id`, the web's printer app cookie). */
export const ZAppId = zText({ min: 1, max: 100 });

/**
 * The printers an agent registers. Taken as the agent names them (not trimmed): a print job
 * names its printer by this id.
 */
export const ZAgentPrinters = z
  .array(
    z.object({
      id: zText({ min: 1, max: 200, trim: false }),
      name: zText({ max: 200, trim: false }),
      output: z.enum(['pdf-folder', 'cups', 'zpl-tcp']),
      isReady: z.boolean(),
    }),
  )
  .max(100) satisfies z.ZodType<AgentPrinter[]>;

/**
 * The largest outcome message of PrintResult taken; the first 1000 characters are stored. A
 * printer's error may run over lines (lp's output), so TAB, LF and CR stand in it.
 */
export const ZPrintOutcomeMessage = zText({ max: 20_000, multiline: true, trim: false });

/**
 * The schema of a method's arguments given as the invocation's array: the values are named in
 * the order of `shape`, and one past the names is refused under its position (`argument3`),
 * so a refusal names the argument and never echoes its value.
 */
function hubArguments<S extends z.ZodRawShape>(shape: S) {
  const names = Object.keys(shape);
  return z.preprocess(
    (args) =>
      Array.isArray(args)
        ? Object.fromEntries(
            args.map((value: unknown, index) => [names[index] ?? `argument${index + 1}`, value]),
          )
        : args,
    z.strictObject(shape),
  );
}

/**
 * Each method's arguments by name, in the order the client passes them. PrintBarcode's job is
 * the JSON text of a print job (or the object itself); its fields are ZHubPrintRequest's.
 */
export const HUB_ARGUMENTS = {
  [HUB_METHODS.addPrinterClient]: hubArguments({
    appId: ZAppId,
    /** Only an agent passes its printers; a web client asks about the app id alone. */
    printers: ZAgentPrinters.optional(),
  }),
  [HUB_METHODS.printBarcode]: hubArguments({
    job: z.union([z.string(), z.record(z.string(), z.unknown())]),
  }),
  [HUB_METHODS.printResult]: hubArguments({
    jobId: z.uuid(),
    isSuccess: z.boolean(),
    message: ZPrintOutcomeMessage.nullable().optional(),
  }),
};
