// Stock matching's figure (part of `npm run bench -- --only=workflow`; docs/DECISIONS.md "Guided
// workflows", Stock matching): `matchStock` in this process over 5,000 stock items of the five
// makers and others, 200 scans of every kind a label gives (spaced numbers, suffixes, a
// description after two spaces, factory and receipt barcodes, a miss), each call timed in CPU
// time, which a shared machine's other work does not inflate; the median must be ≤ 2 ms.
import { matchStock, type StockItem } from '@sorting/domain';
import { median, percentiles, type Percentiles } from './stats.js';

const ITEMS = 5000;
const CALLS = 200;
const WARM_UP = 50;

export interface StockMatchingBenchResult {
  items: number;
  calls: number;
  /** The median of each call's CPU time (this process's user + system time across the call). */
  medianCpuMs: number;
  /** Each call's wall time: on a shared machine it counts the time the process waited for a CPU. */
  wallMs: Percentiles;
}

/** A small deterministic generator (the same stock on every run). */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** The index-th item's part number as its maker writes it, by maker in turn. */
function writtenNumber(index: number, random: () => number): { maker: string; number: string } {
  const n = Math.floor(random() * 1_000_000);
  switch (index % 7) {
    case 0:
      return { maker: 'Suzuki', number: `${pad(n % 100_000, 5)}-${pad(index, 5)}` };
    case 1:
      return { maker: 'Febest', number: `ASZ-${pad(index, 4)}` };
    case 2:
      return {
        maker: 'Mercedes-Benz',
        number: `A ${pad(index % 1000, 3)} ${pad(n % 1000, 3)} 12 20`,
      };
    case 3:
      return { maker: 'PSA', number: pad(1_600_000_000 + index, 10) };
    case 4:
      return { maker: 'Depo', number: `${pad(n % 1000, 3)}-${pad(index, 4)}L-LD-EM` };
    case 5:
      return { maker: 'Hella', number: `1ED ${pad(index, 6)}-00` };
    default:
      return { maker: 'Bosch', number: `0 986 ${pad(index, 6)}` };
  }
}

/** ITEMS stock items, each with one or two EAN-13 barcodes, some with a receipt barcode. */
export function benchStock(): StockItem[] {
  const random = randomOf(34_717);
  return Array.from({ length: ITEMS }, (_, index) => {
    const { maker, number } = writtenNumber(index, random);
    const barcodes = [`46${pad(index, 11)}`];
    if (index % 3 === 0) barcodes.push(`20${pad(index, 11)}`);
    return {
      parcelNumber: number,
      parcelName: `Автозапчасть ${index}`,
      maker,
      barcodes,
      receiptBarcode: index % 5 === 0 ? `RC-0201-${pad(index, 5)}` : null,
      isStickered: index % 4 === 0,
      count: 1 + (index % 3),
      isNeedAttention: index % 50 === 0,
    };
  });
}

/** The scans of a label a receiving table sees, over the whole stock. */
function scanOf(stock: readonly StockItem[], call: number): string {
  const item = stock[(call * 97) % stock.length] as StockItem;
  switch (call % 6) {
    case 0:
      return `${item.parcelNumber}  ${item.maker}  ${item.parcelName}`;
    case 1:
      return item.barcodes[0] ?? '';
    case 2:
      return item.parcelNumber.replace(/[ -]/gu, '');
    case 3:
      return item.receiptBarcode ?? item.parcelNumber.toLowerCase();
    case 4:
      return `${item.parcelNumber} ${item.maker}`;
    default:
      return `NO-SUCH-${call}`;
  }
}

export function runStockMatchingBench(log: (message: string) => void): StockMatchingBenchResult {
  const stock = benchStock();
  log(`workflow: matchStock over ${ITEMS} stock items, ${CALLS} calls`);
  for (let call = 0; call < WARM_UP; call += 1) matchStock(scanOf(stock, call), stock);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let call = 0; call < CALLS; call += 1) {
    const scan = scanOf(stock, call);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    matchStock(scan, stock);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    items: ITEMS,
    calls: CALLS,
    medianCpuMs: Math.round(median(cpu) * 1000) / 1000,
    wallMs: percentiles(wall),
  };
}

/**
 * The rows of the bench table: the CPU time is the figure (the machine's other work does not
 * count in it), the wall time is shown beside it.
 */
export function stockMatchingRows(
  result: StockMatchingBenchResult,
): [string, string, string, boolean | null][] {
  const label = `workflow: matchStock over ${result.items} stock items`;
  return [
    [
      `${label}, median CPU ms of ${result.calls} calls`,
      String(result.medianCpuMs),
      '≤ 2',
      result.medianCpuMs <= 2,
    ],
    [`${label}, wall ms p50/p95`, `${result.wallMs.p50}/${result.wallMs.p95}`, '—', null],
  ];
}
