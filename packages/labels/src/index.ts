// Label rendering: templates → ZPL (Zebra-type printers, raw TCP 9100) and PDF
// (CUPS `lp`, the PDF folder). Shared by the device agent and server previews.
import { renderPdf } from './pdf.js';
import { layOutLabel, type LabelRequest } from './templates.js';
import { renderZpl } from './zpl.js';

export type LabelFormat = 'pdf' | 'zpl';

export {
  LABEL_PARAMETER_NAMES,
  LABEL_SIZES,
  LABEL_TEMPLATE_SPECS,
  MAX_LABEL_COPIES,
  layOutLabel,
  type LabelLayout,
  type LabelParameterName,
  type LabelRequest,
  type LabelTemplateSpec,
} from './templates.js';
export { expandBoxRange, expandCellRange, type BoxRange, type CellRange } from './cell-range.js';
export { escapeZplField, ZPL_DOTS_PER_MM } from './zpl.js';

/**
 * Renders one label job (all copies) into the printer language of the format: ZPL text
 * (UTF-8 bytes) or a PDF with one page per copy. Rejects with an Error for an unknown
 * template, a missing required parameter, an unencodable barcode or bad copies.
 */
export async function renderLabel(request: LabelRequest, format: LabelFormat): Promise<Uint8Array> {
  const layout = layOutLabel(request);
  if (format === 'zpl') return new TextEncoder().encode(renderZpl(layout));
  if (format === 'pdf') return renderPdf(layout);
  throw new Error(`Unknown label format ${JSON.stringify(format)}; known: pdf, zpl`);
}
