import type { TDimension, TDimensionRequest } from '@sorting/contracts';
import { dimensionBarcodeProblem, isDimensionSize, type Locale } from '@sorting/domain';
import { formatDecimal } from '../../lib/number-format';

/** The dimension type form as typed: sizes stay text until the form is sent. */
export interface DimensionForm {
  name: string;
  barcode: string;
  length: string;
  width: string;
  height: string;
}

export type DimensionField = keyof DimensionForm;

/** What is wrong with a field, as a catalogue key of the dimensions namespace. */
export type FieldProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'barcodeRequired'
  | 'barcodeTooLong'
  | 'barcodeNotPrintable'
  | 'barcodeNotParcelType'
  | 'sizeInvalid';

export const EMPTY_DIMENSION_FORM: DimensionForm = {
  name: '',
  barcode: '',
  length: '',
  width: '',
  height: '',
};

/** The form of an existing type (edit), its sizes in the interface's decimals. */
export function formOf(type: TDimension, locale: Locale): DimensionForm {
  const size = (value: number) => formatDecimal(value, locale, 3);
  return {
    name: type.Name,
    barcode: type.Barcode,
    length: size(type.Length),
    width: size(type.Width),
    height: size(type.Height),
  };
}

/** A decimal typed with a comma or a dot; NaN when it is no number. */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const BARCODE_PROBLEMS = {
  empty: 'barcodeRequired',
  tooLong: 'barcodeTooLong',
  notPrintable: 'barcodeNotPrintable',
  notParcelType: 'barcodeNotParcelType',
} as const;

/** Each field's problem (the rules of the server, docs/DECISIONS.md "Dimension types"). */
export function formProblems(form: DimensionForm): Partial<Record<DimensionField, FieldProblem>> {
  const problems: Partial<Record<DimensionField, FieldProblem>> = {};
  const name = form.name.trim();
  if (name === '') problems.name = 'nameRequired';
  else if ([...name].length > 100) problems.name = 'nameTooLong';
  const barcode = dimensionBarcodeProblem(form.barcode.trim());
  if (barcode !== null) problems.barcode = BARCODE_PROBLEMS[barcode];
  for (const field of ['length', 'width', 'height'] as const) {
    if (!isDimensionSize(numberOf(form[field]))) problems[field] = 'sizeInvalid';
  }
  return problems;
}

/** The request of a valid form (IsCommon always false, part 2 §5), else null. */
export function requestOf(form: DimensionForm): TDimensionRequest | null {
  if (Object.keys(formProblems(form)).length > 0) return null;
  return {
    Name: form.name.trim(),
    Barcode: form.barcode.trim(),
    Length: numberOf(form.length),
    Width: numberOf(form.width),
    Height: numberOf(form.height),
    IsCommon: false,
  };
}
