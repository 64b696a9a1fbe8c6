import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HUB_METHODS, PRINTERS_HUB_PATH, SESSION_COOKIE } from '@sorting/contracts';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { printJobs, printerAgentConnections } from '../src/db/schema.js';
import { seedDemoData } from '../src/db/seed.js';
import { createTestConfig } from './helpers.js';
import {
  DEMO_AGENT,
  DEMO_PRINTERS,
  baseUrlOf,
  cellLabelJob,
  signInDemoUser,
} from './printing-hub-clients.js';
import { createTestDatabase } from './test-database.js';

// Bad input for the printing hub (docs/DECISIONS.md "Faults and bad input"): every argument of every hub method goes through the
// input rules of the contracts (text without control characters, bounded length, the right
// type; docs/DECISIONS.md "Faults and bad input"). A refused argument is answered as the hub
// answers any bad invocation: a completion with an error (never the hub's text for an
// unexpected failure), nothing stored, and the connection stays usable. The frames are sent
// raw, as a hostile client would; the endpoint fuzz leaves the websocket to this test
// (NOT_FIELD_FUZZED in faults/endpoint-samples.ts).

const RS = '\x1e';
/** What the hub answers when a method threw something other than a refusal (a 500). */
const UNEXPECTED = /unexpected error/i;

let database: Database;
let app: FastifyInstance;
let url: string;
let sessionToken: string;
const sockets: WebSocket[] = [];

interface HubFrame {
  type?: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  result?: unknown;
  error?: string;
}

/** A hub socket after the handshake, spoken to frame by frame. */
interface RawHub {
  socket: WebSocket;
  /** Invokes and waits for the completion (10 s at most). */
  invoke(target: string, args: unknown[]): Promise<HubFrame>;
  /** Invocations the server sent (Notify), in order. */
  received: HubFrame[];
}

async function openRawHub(headers: Record<string, string>): Promise<RawHub> {
  const socket = new WebSocket(
    `${url.replace('http', 'ws')}${PRINTERS_HUB_PATH}?id=abcdefghijklmnopqrstuv`,
    { headers },
  );
  sockets.push(socket);
  const received: HubFrame[] = [];
  const waiting = new Map<string, (frame: HubFrame) => void>();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('open', () => socket.send(`{"protocol":"json","version":1}${RS}`));
    socket.on('message', (data) => {
      for (const record of String(data).split(RS).filter(Boolean)) {
        const frame = JSON.parse(record) as HubFrame;
        if (frame.type === undefined) resolve();
        if (frame.type === 1) received.push(frame);
        if (frame.type === 3) waiting.get(frame.invocationId!)?.(frame);
      }
    });
  });
  let next = 0;
  const invoke = (target: string, args: unknown[]) => {
    const invocationId = String((next += 1));
    return new Promise<HubFrame>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${target}: no completion within 10 s`)),
        10_000,
      );
      waiting.set(invocationId, (frame) => {
        clearTimeout(timer);
        waiting.delete(invocationId);
        resolve(frame);
      });
      socket.send(JSON.stringify({ type: 1, invocationId, target, arguments: args }) + RS);
    });
  };
  return { socket, invoke, received };
}

const openWebHub = () => openRawHub({ cookie: `${SESSION_COOKIE}=${sessionToken}` });
const openAgentHub = () => openRawHub({ authorization: `Bearer ${DEMO_AGENT.key}` });

/** Text no text argument may carry, and values of the wrong type. */
const BAD_TEXT: Record<string, unknown> = {
  NUL: 'DEMO\u0000PC',
  'a control character (ESC)': 'DEMO\u001b[31mPC',
  'a C1 control character': 'DEMO\u0085PC',
  'a lone surrogate': 'DEMO\ud800PC',
  'a huge string': 'X'.repeat(300_000),
};
const BAD_TYPE: Record<string, unknown> = {
  '2^31': 2 ** 31,
  '-2^31': -(2 ** 31),
  'a number': 1,
  'an object': { value: 'DEMO-PC' },
  'an array': ['DEMO-PC'],
  true: true,
  null: null,
};
const BAD_VALUES = { ...BAD_TEXT, ...BAD_TYPE };

/** BAD_TYPE without the values an argument takes. */
function wrongTypeBut(...taken: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(BAD_TYPE).filter(([what]) => !taken.includes(what)));
}

/** Every case: its name and the arguments, each case breaking one argument. */
type Cases = [name: string, args: unknown[]][];

/** The cases of one argument at `index` of `valid`, from `values`. */
function casesOf(
  argument: string,
  valid: unknown[],
  index: number,
  values: Record<string, unknown>,
): Cases {
  return Object.entries(values).map(([what, value]) => {
    const args = [...valid];
    args[index] = value;
    return [`${argument} = ${what}`, args];
  });
}

/** Values of a printer's fields (AgentPrinter) that an agent may not register. */
function printerCases(valid: unknown[]): Cases {
  const printer = DEMO_PRINTERS[0]!;
  const fields: Record<string, Record<string, unknown>> = {
    id: { ...BAD_VALUES, empty: '' },
    name: BAD_VALUES,
    output: { ...BAD_VALUES, unknown: 'fax' },
    isReady: { ...BAD_TEXT, ...wrongTypeBut('true'), 'a text': 'true' },
  };
  const cases: Cases = Object.entries(fields).flatMap(([field, values]) =>
    Object.entries(values).map(([what, value]): [string, unknown[]] => [
      `printers[0].${field} = ${what}`,
      [valid[0], [{ ...printer, [field]: value }]],
    ]),
  );
  const many = Array.from({ length: 101 }, (_, i) => ({ ...printer, id: `p-${i}` }));
  cases.push(['printers = 101 printers', [valid[0], many]]);
  return cases;
}

/** A print job (PrintBarcode's JSON text, or the object itself) with one field broken. */
function printJobCases(): Cases {
  const job = cellLabelJob();
  const fields: Record<string, Record<string, unknown>> = {
    action: { ...BAD_VALUES, other: 'state' },
    token: BAD_VALUES,
    printerId: BAD_VALUES,
    barcodeName: { ...BAD_VALUES, unknown: 'poster' },
    copies: { ...BAD_TEXT, ...wrongTypeBut('a number'), zero: 0, 'a text': '2', 'a fraction': 1.5 },
    appId: BAD_VALUES,
  };
  const cases: Cases = [];
  for (const [field, values] of Object.entries(fields)) {
    for (const [what, value] of Object.entries(values)) {
      const broken = { ...job, [field]: value };
      cases.push([`job.${field} = ${what} (JSON text)`, [JSON.stringify(broken)]]);
      cases.push([`job.${field} = ${what} (object)`, [broken]]);
    }
  }
  for (const part of ['name', 'value'] as const) {
    for (const [what, value] of Object.entries(BAD_VALUES)) {
      // TAB, LF and CR may stand in a label's value (an address over lines), nothing else.
      const barcodeData = [{ ...job.barcodeData[0]!, [part]: value }];
      cases.push([
        `job.barcodeData[0].${part} = ${what}`,
        [JSON.stringify({ ...job, barcodeData })],
      ]);
    }
  }
  for (const [what, value] of Object.entries(BAD_VALUES)) {
    if (typeof value !== 'string') cases.push([`job = ${what}`, [value]]);
  }
  cases.push(['job = a text that is not JSON, with NUL', ['{"action":"print"\u0000}']]);
  return cases;
}

/**
 * Sends every case and expects each refused with a completion of its own: an error that is a
 * refusal (not the hub's text for an unexpected failure) and echoes no huge value.
 */
async function expectRefused(hub: RawHub, target: string, cases: Cases): Promise<string[]> {
  const failures: string[] = [];
  for (const [name, args] of cases) {
    const frame = await hub.invoke(target, args);
    if (typeof frame.error !== 'string') {
      failures.push(`${name}: accepted (${JSON.stringify(frame.result ?? null)})`);
    } else if (UNEXPECTED.test(frame.error)) {
      failures.push(`${name}: failed unexpectedly (${frame.error})`);
    } else if (frame.error.length > 2_000) {
      failures.push(`${name}: refusal echoes the value (${frame.error.length} characters)`);
    }
    expect(hub.socket.readyState, `${name}: the socket stays open`).toBe(WebSocket.OPEN);
  }
  return failures;
}

async function agentConnectionRows() {
  return database.db
    .select({ appId: printerAgentConnections.appId, printers: printerAgentConnections.printers })
    .from(printerAgentConnections);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db);
  app = await buildApp({ config: createTestConfig(), database, keepDatabaseOpen: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrlOf(app);
  sessionToken = await signInDemoUser(app);
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('every argument of every hub method goes through the input rules', () => {
  it("refuses a web client's AddPrinterClient with a bad app id, and stays usable", async () => {
    const web = await openWebHub();
    const cases: Cases = [
      ...casesOf('appId', ['NOBODY-PC'], 0, { ...BAD_VALUES, empty: '' }),
      ['no argument', []],
      ['an extra argument', ['NOBODY-PC', 'EXTRA']],
    ];
    expect(await expectRefused(web, HUB_METHODS.addPrinterClient, cases)).toEqual([]);
    // The refusal names the argument and the rule, in the socket's language (ru by default).
    const refusal = await web.invoke(HUB_METHODS.addPrinterClient, ['NOBODY\u0000PC']);
    expect(refusal.error).toBe('Поле appId содержит недопустимые управляющие символы');

    const from = web.received.length;
    expect((await web.invoke(HUB_METHODS.addPrinterClient, ['NOBODY-PC'])).error).toBeUndefined();
    expect(web.received.slice(from)).toContainEqual(
      expect.objectContaining({
        arguments: [{ type: 'PrinterDisconnected', appId: 'NOBODY-PC' }],
      }),
    );
  });

  it("refuses an agent's AddPrinterClient with a bad app id or printer, storing nothing", async () => {
    const agent = await openAgentHub();
    const valid = [DEMO_AGENT.appId, DEMO_PRINTERS];
    expect((await agent.invoke(HUB_METHODS.addPrinterClient, valid)).error).toBeUndefined();
    const registered = await agentConnectionRows();
    expect(registered).toEqual([{ appId: DEMO_AGENT.appId, printers: DEMO_PRINTERS }]);

    const cases: Cases = [
      ...casesOf('appId', valid, 0, { ...BAD_VALUES, empty: '' }),
      ...casesOf('printers', valid, 1, { ...BAD_TEXT, ...BAD_TYPE, 'an object': {} }),
      ...printerCases(valid),
      ['no argument', []],
      ['an extra argument', [...valid, 'EXTRA']],
    ];
    expect(await expectRefused(agent, HUB_METHODS.addPrinterClient, cases)).toEqual([]);
    expect(await agentConnectionRows()).toEqual(registered);

    expect((await agent.invoke(HUB_METHODS.addPrinterClient, valid)).error).toBeUndefined();
  });

  it('refuses a PrintBarcode with a bad job, storing no job', async () => {
    const agent = await openAgentHub();
    await agent.invoke(HUB_METHODS.addPrinterClient, [DEMO_AGENT.appId, DEMO_PRINTERS]);
    const web = await openWebHub();
    const jobsBefore = await database.db.select({ id: printJobs.id }).from(printJobs);

    const cases: Cases = [
      ...printJobCases(),
      ['no argument', []],
      ['an extra argument', [JSON.stringify(cellLabelJob()), 'EXTRA']],
    ];
    expect(await expectRefused(web, HUB_METHODS.printBarcode, cases)).toEqual([]);
    expect(await database.db.select({ id: printJobs.id }).from(printJobs)).toEqual(jobsBefore);

    const accepted = await web.invoke(HUB_METHODS.printBarcode, [JSON.stringify(cellLabelJob())]);
    expect(accepted.error).toBeUndefined();
    expect(accepted.result).toEqual({ jobId: expect.any(String) });
  });

  it("refuses an agent's PrintResult with a bad job id, outcome or message, storing nothing", async () => {
    const agent = await openAgentHub();
    await agent.invoke(HUB_METHODS.addPrinterClient, [DEMO_AGENT.appId, DEMO_PRINTERS]);
    const web = await openWebHub();
    const newJob = async () => {
      const accepted = await web.invoke(HUB_METHODS.printBarcode, [JSON.stringify(cellLabelJob())]);
      return (accepted.result as { jobId: string }).jobId;
    };
    const jobOf = async (jobId: string) =>
      (
        await database.db
          .select({ state: printJobs.state, message: printJobs.message })
          .from(printJobs)
          .where(eq(printJobs.id, jobId))
      )[0];

    // Each case on a job of its own, so a case wrongly taken does not hide the next ones.
    const valid = ['(the job)', false, 'Paper jam'];
    const cases: Cases = [
      ...casesOf('jobId', valid, 0, { ...BAD_VALUES, 'not a uuid': 'job-1' }),
      ...casesOf('isSuccess', valid, 1, { ...BAD_TEXT, ...wrongTypeBut('true'), 'a text': 'true' }),
      // null is a message that is not there.
      ...casesOf('message', valid, 2, { ...BAD_TEXT, ...wrongTypeBut('null') }),
      ['no argument', []],
      ['an extra argument', [...valid, 'EXTRA']],
    ];
    const failures: string[] = [];
    for (const [name, args] of cases) {
      const jobId = await newJob();
      const withJob = args.map((arg) => (arg === '(the job)' ? jobId : arg));
      failures.push(...(await expectRefused(agent, HUB_METHODS.printResult, [[name, withJob]])));
      const job = await jobOf(jobId);
      if (job?.state !== 'sent' || job.message !== null) {
        failures.push(`${name}: stored ${JSON.stringify(job).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);

    // A printer's message may run over lines (TAB, LF, CR), as lp's error output does.
    const jobId = await newJob();
    const done = await agent.invoke(HUB_METHODS.printResult, [jobId, false, 'Paper jam\n\tlp: 2']);
    expect(done.error).toBeUndefined();
    expect(await jobOf(jobId)).toEqual({ state: 'failed', message: 'Paper jam\n\tlp: 2' });
  });

  it('refuses an unknown method without echoing its name', async () => {
    const web = await openWebHub();
    const cases: Cases = [['target = a huge string', []]];
    const failures = await expectRefused(web, 'X'.repeat(300_000), cases);
    expect(failures).toEqual([]);
  });
});
