// Two builds measured at the same time ("the benchmark figures no worse than before",
// on a machine whose shared cores move a lone run's tail by 10× between neighbouring runs).
// Each side is a checkout with its own Node: both prepare their bench database and server, both
// signal ready, then both run the fixed-rate load (200 moves/s for 60 s, as `--only=load`) in
// the same minute, so whatever the host does to one it does to the other. Rounds alternate
// which side starts first.
//
//   node --import tsx bench/side-by-side.ts --before <dir> --before-node <node> [--rounds 4]
//
// `--after` defaults to this checkout, `--after-node` to this Node; `--before-args` and
// `--after-args` give a side's server Node options; SIDE_RATE (moves/s per side, default 200)
// and SIDE_SECONDS (default 60) the load. Each side's folder needs its
// `npm ci`; DATABASE_URL names the PostgreSQL server (each side makes its own database there).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface SideResult {
  node: string;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
  rssMb: number | null;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const runner = path.join(here, 'side-by-side-runner.ts');
const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    'before-node': { type: 'string', default: 'node' },
    after: { type: 'string', default: path.resolve(here, '..') },
    'after-node': { type: 'string', default: process.execPath },
    'before-args': { type: 'string', default: '' },
    'after-args': { type: 'string', default: '' },
    rounds: { type: 'string', default: '4' },
  },
});
if (!values.before) {
  console.error('usage: side-by-side.ts --before <dir> [--before-node <node>] [--rounds N]');
  process.exit(2);
}

interface Side {
  name: 'before' | 'after';
  dir: string;
  node: string;
  /** The server's Node options on this side. */
  args: string;
}

function startSide(side: Side) {
  const child = spawn(side.node, ['--import', 'tsx', runner], {
    cwd: side.dir,
    env: {
      ...process.env,
      SIDE_NODE_ARGS: side.args,
      ...(process.env.DATABASE_URL ? { SIDE_POSTGRES_URL: process.env.DATABASE_URL } : {}),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  let onReady = () => {};
  let onResult = (_: SideResult) => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const result = new Promise<SideResult>((resolve, reject) => {
    onResult = resolve;
    child.once('exit', (code) =>
      code === 0 ? undefined : reject(new Error(`${side.name} exited with ${code}`)),
    );
  });
  lines.on('line', (line) => {
    if (line === 'READY') onReady();
    else if (line.startsWith('RESULT ')) onResult(JSON.parse(line.slice(7)) as SideResult);
  });
  return { ready, result, go: () => child.stdin!.write('GO\n') };
}

const sides: Side[] = [
  {
    name: 'before',
    dir: path.resolve(values.before),
    node: values['before-node'],
    args: values['before-args'],
  },
  {
    name: 'after',
    dir: path.resolve(values.after),
    node: values['after-node'],
    args: values['after-args'],
  },
];
const rows: string[] = [];
for (let round = 1; round <= Number(values.rounds); round += 1) {
  const order = round % 2 === 1 ? sides : [...sides].reverse();
  const running = order.map((side) => ({ side, run: startSide(side) }));
  await Promise.all(running.map(({ run }) => run.ready));
  for (const { run } of running) run.go();
  const results = await Promise.all(running.map(({ run }) => run.result));
  const of = (name: Side['name']) => results[running.findIndex(({ side }) => side.name === name)]!;
  const [before, after] = [of('before'), of('after')];
  const row =
    `| ${round} | ${before.p99} / ${after.p99} | ${before.p999} / ${after.p999} | ` +
    `${before.rssMb} / ${after.rssMb} | ${before.errors} / ${after.errors} |`;
  rows.push(row);
  console.log(`round ${round} (${before.node} / ${after.node}): ${row}`);
}
console.log('\n| round | p99 ms before / after | p99.9 ms before / after | RSS MB | errors |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
