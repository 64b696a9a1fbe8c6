import { assign, fromPromise, setup } from 'xstate';
import type { TInboundDetail, TReceiptPlace } from '@sorting/contracts';
import type { CallResult } from '../../lib/api-client';

/** What became of one detail's label: printed and marked, printer unavailable, or failed. */
export type LabelOutcome = 'printed' | 'unavailable' | 'failed';

/** The calls and feedback of the stickering window (ports, so the machine runs without DOM). */
export interface StickeringPorts {
  loadPlace: (id: number) => Promise<CallResult<TReceiptPlace>>;
  /** The label JSON → the printer → `PUT …/stickered` once printed. */
  printLabel: (detail: TInboundDetail) => Promise<LabelOutcome>;
  notifyError: (code: 'f-0011' | 'f-0012' | 'unknownDetail', detail?: string) => void;
  notifyDone: (count: number) => void;
}

export interface StickeringContext {
  ports: StickeringPorts;
  /** `?receiptPlaceDocumentId=`: '' while the opener loads it, '-1' when it failed. */
  id: string;
  place: TReceiptPlace | null;
  /** The details being printed, in order, and how many are done. */
  queue: TInboundDetail[];
  done: number;
}

export type StickeringEvent = { type: 'SCANNED'; text: string } | { type: 'PRINT_ALL' };

/** A detail still needing its label: not stickered (3) nor cancelled (4). */
export const needsLabel = (detail: TInboundDetail) => detail.state !== 3 && detail.state !== 4;

const detailsOf = (context: StickeringContext) => context.place?.inbound.details ?? [];

/**
 * The stickering window (spec part 2 §2 `/stickering-redirect-catch`, §4 "Stickering", §8
 * f-0012): an empty id waits for the opener, -1 shows «место приёмки не найдено», an id loads
 * the receipt place's supply; a scanned detail barcode or «Печатать все» prints in order with
 * progress, each printed label marked stickered.
 */
export const stickeringMachine = setup({
  types: {
    input: {} as { ports: StickeringPorts; id: string },
    context: {} as StickeringContext,
    events: {} as StickeringEvent,
  },
  actors: {
    loadPlace: fromPromise<CallResult<TReceiptPlace>, { ports: StickeringPorts; id: number }>(
      ({ input }) => input.ports.loadPlace(input.id),
    ),
    printLabel: fromPromise<LabelOutcome, { ports: StickeringPorts; detail: TInboundDetail }>(
      ({ input }) => input.ports.printLabel(input.detail),
    ),
  },
  guards: {
    isWaiting: ({ context }) => context.id === '',
    isKnownId: ({ context }) => /^\d+$/.test(context.id),
  },
}).createMachine({
  id: 'stickering',
  initial: 'start',
  context: ({ input }) => ({ ports: input.ports, id: input.id, place: null, queue: [], done: 0 }),
  states: {
    start: {
      always: [
        { guard: 'isWaiting', target: 'waiting' },
        { guard: 'isKnownId', target: 'loading' },
        { target: 'notFound' },
      ],
    },
    /** The opener is still fetching the receipt place id. */
    waiting: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadPlace',
        input: ({ context }) => ({ ports: context.ports, id: Number(context.id) }),
        onDone: [
          {
            guard: ({ event }) => event.output.isSuccess && event.output.operationObject !== null,
            target: 'ready',
            actions: assign({ place: ({ event }) => event.output.operationObject }),
          },
          { target: 'notFound' },
        ],
        onError: { target: 'notFound' },
      },
    },
    notFound: {},
    ready: {
      on: {
        SCANNED: [
          {
            guard: ({ context, event }) =>
              detailsOf(context).some(
                (detail) => detail.barcode === event.text.trim() && needsLabel(detail),
              ),
            target: 'printing',
            actions: assign({
              queue: ({ context, event }) =>
                detailsOf(context).filter((detail) => detail.barcode === event.text.trim()),
              done: 0,
            }),
          },
          {
            actions: ({ context, event }) =>
              context.ports.notifyError('unknownDetail', event.text.trim()),
          },
        ],
        PRINT_ALL: {
          guard: ({ context }) => detailsOf(context).some(needsLabel),
          target: 'printing',
          actions: assign({
            queue: ({ context }) => detailsOf(context).filter(needsLabel),
            done: 0,
          }),
        },
      },
    },
    printing: {
      tags: ['busy'],
      initial: 'label',
      states: {
        label: {
          invoke: {
            src: 'printLabel',
            input: ({ context }) => ({
              ports: context.ports,
              detail: context.queue[context.done] as TInboundDetail,
            }),
            onDone: [
              {
                guard: ({ event }) => event.output === 'printed',
                target: 'next',
                actions: assign(({ context }) => {
                  const printed = context.queue[context.done];
                  const place = context.place;
                  return {
                    done: context.done + 1,
                    place:
                      place && printed
                        ? {
                            ...place,
                            inbound: {
                              ...place.inbound,
                              details: place.inbound.details.map((detail) =>
                                detail.inboundDetailId === printed.inboundDetailId
                                  ? { ...detail, state: 3 as const }
                                  : detail,
                              ),
                            },
                          }
                        : place,
                  };
                }),
              },
              {
                guard: ({ event }) => event.output === 'failed',
                target: '#stickering.ready',
                actions: ({ context }) => context.ports.notifyError('f-0011'),
              },
              // The printer itself says it is unavailable ('Принтер недоступен').
              { target: '#stickering.ready' },
            ],
            onError: {
              target: '#stickering.ready',
              actions: ({ context }) => context.ports.notifyError('f-0011'),
            },
          },
        },
        next: {
          always: [
            { guard: ({ context }) => context.done < context.queue.length, target: 'label' },
            {
              target: '#stickering.ready',
              actions: ({ context }) => context.ports.notifyDone(context.done),
            },
          ],
        },
      },
    },
  },
});
