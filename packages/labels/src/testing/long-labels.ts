// Realistic, long label contents for the tests: the longest names, routes
// and clients a warehouse prints, and barcodes of the real formats (a badge is `~` and 20
// characters, see apps/server/src/lib/credentials.ts).
import type { LabelTemplate } from '@sorting/contracts';
import type { LabelRequest } from '../templates.js';

/** Badge format of generated badges: `~` + 20 characters of the Crockford alphabet. */
export const LONG_BADGE = '~7KQ2W9XM4PDT0B6RZ3HV';

/** One request per template with every caption it reads, long enough to need fitting. */
export const LONG_LABELS: ReadonlyArray<{ template: LabelTemplate; parameters: Record<string, string> }> = [
  { template: 'user', parameters: { barcode: LONG_BADGE, name: 'Константинопольская Анастасия-Виктория Владиславовна', number: '104857' } },
  { template: 'user', parameters: { barcode: '~W1002-3MX8', name: 'Тестова Десктопная Пользовательница' } },
  { template: 'cell-bar-long', parameters: { barcode: '=34717-12-z-70', name: '12-z-70', zone: '12', row: 'z', col: '70' } },
  { template: 'cell-bar-short', parameters: { barcode: '=34717-12-z-70', name: '12-z-70' } },
  { template: 'cell-qr-long', parameters: { barcode: '=34717-12-z-70', name: '12-z-70', zone: '12', row: 'z', col: '70' } },
  { template: 'cell-qr-short', parameters: { barcode: '%34717-12-z-70', name: '12-z-70' } },
  { template: 'box', parameters: { barcode: '_B00012345', number: '12345', route: 'R-101 Москва — Санкт-Петербург (через Тверь)', client: 'ООО «Торговый дом Автозапчасти Северо-Запад»', dims: '120x80x60' } },
  { template: 'returnable-box', parameters: { barcode: '_R000777', number: '000777', dims: '120x80x60' } },
  { template: 'parcel', parameters: { barcode: '4650012345678', name: 'Фара левая светодиодная с электрокорректором', destination: 'Направление Санкт-Петербург', route: 'Маршрут R-101', client: 'Клиент Константинопольский Александр Владимирович' } },
  { template: 'inbound-detail', parameters: { barcode: 'D-000123-7', name: 'Фильтр масляный двигателя с перепускным клапаном', number: '15208-65F0C', make: 'NISSAN / INFINITI', quantity: '120' } },
  { template: 'delivery-package', parameters: { barcode: 'DLV2147483647-99', place: '99/99', client: 'Константинопольский Александр Владимирович', destination: 'Московская область, г. Подольск, микрорайон Климовск, ул. Садовая, д. 5, корп. 2, кв. 128', delivery: '2147483647', date: '2026-03-02' } },
]; // prettier-ignore

/** The request of a sample. */
export function sampleRequest(sample: (typeof LONG_LABELS)[number], copies = 1): LabelRequest {
  return {
    template: sample.template,
    copies,
    parameters: Object.entries(sample.parameters).map(([name, value]) => ({ name, value })),
  };
}
