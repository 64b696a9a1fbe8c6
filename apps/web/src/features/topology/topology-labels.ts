// The `box` labels (part 2 §9, 68×60) of /topology: of the boxes `boxes/create` answered, or
// of the existing boxes of a reprint range (docs/DECISIONS.md "Topology").
import type { RangeLabel } from '@sorting/domain';

/** What a box label shows: barcode, number, route, client and L×W×H. */
export interface LabelledBox {
  number: number;
  barcode: string;
  route?: string | null;
  client?: string | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

/** One `box` label per box, `copies` each. */
export function boxLabelsOf(boxes: readonly LabelledBox[], copies = 1): RangeLabel<'box'>[] {
  return boxes.map((box) => {
    const parameters = [
      { name: 'barcode', value: box.barcode },
      { name: 'number', value: String(box.number) },
    ];
    if (box.route) parameters.push({ name: 'route', value: box.route });
    if (box.client) parameters.push({ name: 'client', value: box.client });
    if (box.lengthCm !== null && box.widthCm !== null && box.heightCm !== null) {
      parameters.push({ name: 'dims', value: `${box.lengthCm}x${box.widthCm}x${box.heightCm}` });
    }
    return { template: 'box', copies, parameters };
  });
}

/** The numbers of a range that no box answered for (a reprint skips them). */
export function skippedNumbers(
  range: { numberFrom: number; numberTo: number },
  found: readonly { number: number }[],
): number[] {
  const present = new Set(found.map((box) => box.number));
  const skipped: number[] = [];
  for (let n = range.numberFrom; n <= range.numberTo; n += 1) if (!present.has(n)) skipped.push(n);
  return skipped;
}
