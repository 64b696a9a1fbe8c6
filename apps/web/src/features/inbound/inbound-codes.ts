/** f-codes of the documents store (spec part 2 §8 "Documents store"). */
export type InboundCode =
  'f-0001' | 'f-0002' | 'f-0005' | 'f-0006' | 'f-0007' | 'f-0008' | 'f-0011' | 'f-0012';
