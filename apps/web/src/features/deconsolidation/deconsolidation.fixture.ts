import type { TDeconsolidationBox } from '@sorting/contracts';

/** A consolidated box as the server answers it: one parcel measured, one not (tests). */
export const BOX: TDeconsolidationBox = {
  BoxId: 7,
  Barcode: '_34717-111',
  Name: 'Короб 111',
  Destination: 'Новосибирск',
  Details: [
    { Id: 1, Name: 'Амортизатор', Length: 60, Width: 12.5, Height: 12, Weight: 1449 },
    { Id: 2, Name: 'Датчик', Length: null, Width: null, Height: null, Weight: null },
  ],
  CellBarcode: '=34717-7-a-01',
  CellName: '7-a-01',
  IsCompleted: true,
};
