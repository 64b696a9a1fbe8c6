import { DEFAULT_SORTING_CENTER_ID } from '@sorting/contracts';

// The demo document flow (docs/DECISIONS.md "Document flow"): documents of sorting
// centre 34717 in every state and direction, one in an unknown state, one older than the
// default 6 days, and one of another centre (1201) that the centre never sees. Dates are days
// before the seed runs.

const SC = DEFAULT_SORTING_CENTER_ID;
const OTHER_CENTRE = 1201;

/** An organisation a demo document names; `sortingCenterId` set for our own (inner) ones. */
export interface DemoContragent {
  name: string;
  sortingCenterId: number | null;
}

/** Our organisation at the sorting centre: the inner contragent a sign signs for. */
export const DEMO_INNER_CONTRAGENT: DemoContragent = {
  name: 'ООО Сортировка Север',
  sortingCenterId: SC,
};

export const DEMO_CONTRAGENTS: readonly DemoContragent[] = [
  DEMO_INNER_CONTRAGENT,
  { name: 'ООО Склад Подольск', sortingCenterId: OTHER_CENTRE },
  { name: 'ООО Автодеталь', sortingCenterId: null },
  { name: 'АО ТрансЛогистик', sortingCenterId: null },
  { name: 'ИП Смирнов А. В.', sortingCenterId: null },
];

export interface DemoDocument {
  sortingCenterId: number;
  number: string;
  /** Lower case, as the source system sends it; the screen capitalises it. */
  typeName: string;
  direction: 'in' | 'out';
  daysAgo: number;
  /** Rubles with kopecks. */
  sum: number;
  state: number;
  /** The inner contragent first, then the other party. */
  contragents: readonly { name: string; type: 'inner' | 'out' }[];
  /** What a newcomer can try with it (docs/DEMO.md). */
  note: string;
}

const inner = { name: DEMO_INNER_CONTRAGENT.name, type: 'inner' } as const;
const party = (name: string) => ({ name, type: 'out' }) as const;

export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  {
    sortingCenterId: SC,
    number: 'ДФ-0008',
    typeName: 'счёт на оплату',
    direction: 'in',
    daysAgo: 10,
    sum: 18_900,
    state: 1,
    contragents: [inner, party('ИП Смирнов А. В.')],
    note: 'older than the default 6 days: shown only with an earlier start date',
  },
  {
    sortingCenterId: SC,
    number: 'ДФ-0007',
    typeName: 'акт возврата',
    direction: 'out',
    daysAgo: 1,
    sum: 4_320.5,
    state: 7,
    contragents: [inner, party('ООО Автодеталь')],
    note: 'an unknown state 7 («Статус неизвестен»); shown with no state filter',
  },
  {
    sortingCenterId: SC,
    number: 'ДФ-0006',
    typeName: 'договор поставки',
    direction: 'in',
    daysAgo: 4,
    sum: 1_250_000,
    state: 3,
    contragents: [inner, party('АО ТрансЛогистик')],
    note: 'the flow ended (state 3, green); shown with state 3 checked',
  },
  {
    sortingCenterId: SC,
    number: 'ДФ-0005',
    typeName: 'универсальный передаточный документ',
    direction: 'out',
    daysAgo: 2,
    sum: 56_780.4,
    state: 2,
    contragents: [inner, party('ООО Автодеталь')],
    note: 'outgoing, state 2 «Ждем получения»: confirm receipt of its signature',
  },
  {
    sortingCenterId: SC,
    number: 'ДФ-0004',
    typeName: 'акт сверки',
    direction: 'in',
    daysAgo: 3,
    sum: 0,
    state: 2,
    contragents: [inner, party('АО ТрансЛогистик')],
    note: 'incoming, state 2 «Отправлен»: confirm receipt of its signature',
  },
  {
    sortingCenterId: SC,
    number: 'ДФ-0003',
    typeName: 'товарная накладная',
    direction: 'out',
    daysAgo: 1,
    sum: 98_450,
    state: 1,
    contragents: [inner, party('ООО Автодеталь')],
    note: 'outgoing, state 1 «Отправлен»: nothing to do until the recipient signs',
  },
  {
    sortingCenterId: SC,
    number: 'ДФ-0002',
    typeName: 'счёт-фактура',
    direction: 'in',
    daysAgo: 2,
    sum: 7_315.25,
    state: 1,
    contragents: [inner, party('АО ТрансЛогистик')],
    note: 'incoming, state 1 «Ждем получения»: sign it',
  },
  {
    sortingCenterId: SC,
    number: 'ДФ-0001',
    typeName: 'акт приёма-передачи',
    direction: 'in',
    daysAgo: 1,
    sum: 125_400.5,
    state: 1,
    contragents: [inner, party('ООО Автодеталь')],
    note: 'incoming, state 1 «Ждем получения»: sign it, then confirm receipt of the signature',
  },
  {
    sortingCenterId: OTHER_CENTRE,
    number: 'ДФ-1201-01',
    typeName: 'акт приёма-передачи',
    direction: 'in',
    daysAgo: 1,
    sum: 3_000,
    state: 1,
    contragents: [{ name: 'ООО Склад Подольск', type: 'inner' }, party('ООО Автодеталь')],
    note: 'of sorting centre 1201: never shown to 34717, signing it from there is refused (104)',
  },
];
