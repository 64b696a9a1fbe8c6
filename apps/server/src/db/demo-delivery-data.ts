// The demo tariffs of delivery to a recipient (docs/DECISIONS.md "Delivery to a
// recipient"): two for MSK-SC1 → PDL-WH2 (recipients R-1012, R-1013 of
// demo-picking-data.ts), none for MSK-SC1 → MSK-SC1 (R-1014 has no delivery offer).

export interface DemoTariff {
  warehouseCodeFrom: string;
  warehouseCodeTo: string;
  tariffCode: string;
  name: string;
  priceKopecks: number;
  days: number;
}

export const DEMO_TARIFFS: readonly DemoTariff[] = [
  {
    warehouseCodeFrom: 'MSK-SC1',
    warehouseCodeTo: 'PDL-WH2',
    tariffCode: 'COURIER-STD',
    name: 'Курьер, стандарт',
    priceKopecks: 45_000,
    days: 2,
  },
  {
    warehouseCodeFrom: 'MSK-SC1',
    warehouseCodeTo: 'PDL-WH2',
    tariffCode: 'COURIER-EXP',
    name: 'Курьер, экспресс',
    priceKopecks: 90_000,
    days: 1,
  },
];
