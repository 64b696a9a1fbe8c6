/**
 * Spec part 1 §9: dimensions are shown as LxWxH (centimetres, a Latin x, no spaces), the same on
 * the returnable boxes list and on the box's sticker. Whole numbers print without decimals;
 * others with at most one (a dot, as a label and a scanner both read it).
 */
export function formatDimensions(lengthCm: number, widthCm: number, heightCm: number): string {
  return [lengthCm, widthCm, heightCm].map(formatCentimetres).join('x');
}

function formatCentimetres(value: number): string {
  return String(Math.round(value * 10) / 10);
}
