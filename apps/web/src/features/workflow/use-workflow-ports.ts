import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newOperationId } from '../../lib/operation-id';
import { playInTurn, usePrint, useShellServices, type NotificationStatus } from '../../shell';
import type { WorkflowError, WorkflowPorts } from './workflow.machine';
import type {
  DetailStickeredCall,
  StickerPrintedCall,
  WorkflowCall,
  WorkflowResult,
} from './workflow.types';

/** Pause between the sounds of one answer (as on the sorting screen). */
const SOUND_GAP_MS = 700;

/** The workflow answer's toast statuses as the shell's (docs/DECISIONS.md "Guided workflows"). */
const TOAST_STATUS: Record<string, NotificationStatus> = {
  success: 'ok',
  info: 'info',
  warning: 'attention',
  error: 'error',
};

/** The screen's codes and the toast status each shows with. */
const CODE_STATUS: Record<WorkflowError['code'], NotificationStatus> = {
  'f-0001': 'error',
  'f-0002': 'error',
  'f-0003': 'info',
  'f-0004': 'error',
};

/** A text looked up by a key the server answers (not known to the typed catalogue). */
export type DynamicT = (key: string, options?: Record<string, unknown>) => string;

/** A screen code's text: f-0002 is the server's refusal text itself. */
export function codeText(
  t: DynamicT,
  error: { code: WorkflowError['code']; message: string | null },
): string {
  if (error.code === 'f-0002')
    return error.message ? t('f-0002', { message: error.message }) : t('refusedWithoutText');
  return t(error.code);
}

/**
 * The workflow machine's ports over the shell (docs/DECISIONS.md "Guided workflows", the
 * screen): the process call, sounds in order, toasts, labels through `usePrint()`. Stable for
 * the page's life; each effect uses the latest translation and services.
 */
export function useWorkflowPorts(
  process: WorkflowCall,
  markStickerPrinted?: StickerPrintedCall,
  markDetailStickered?: DetailStickeredCall,
): WorkflowPorts {
  const { t } = useTranslation('workflow');
  const { toasts, sounds, scheduler } = useShellServices();
  const print = usePrint();
  const effects = useRef({ t, toasts, sounds, scheduler, print });
  useEffect(() => {
    effects.current = { t, toasts, sounds, scheduler, print };
  }, [t, toasts, sounds, scheduler, print]);

  /**
   * One label; a parcel's own sticker is marked printed once the printer reports it printed
   * (docs/DECISIONS.md "Guided workflows", place to storage: a cell waits for it).
   */
  const printJob = async (job: WorkflowResult['print'][number]): Promise<void> => {
    const { parcelId, inboundDetailId, ...request } = job;
    const outcome = await effects.current.print(request);
    if (outcome.status !== 'printed') return;
    // A supply detail's label (receipt of cargo): stickered only once the printer reports it.
    const marked =
      parcelId !== undefined && markStickerPrinted
        ? await markStickerPrinted(parcelId, newOperationId())
        : inboundDetailId !== undefined && markDetailStickered
          ? await markDetailStickered(inboundDetailId, newOperationId())
          : null;
    if (marked && !marked.isSuccess) throw new Error(marked.message ?? '');
  };

  const [ports] = useState<WorkflowPorts>(() => ({
    process,
    createOperationId: newOperationId,
    play: (names) => playInTurn(names, SOUND_GAP_MS, effects),
    notify: (toast) => {
      const translate = effects.current.t as unknown as DynamicT;
      effects.current.toasts.notify(
        toast.kind === 'server'
          ? {
              status: TOAST_STATUS[toast.status] ?? 'info',
              content: toast.content,
              isMuteErrorSound: toast.isMuteErrorSound,
            }
          : { status: CODE_STATUS[toast.code], content: codeText(translate, toast) },
      );
    },
    // Labels one after another; a failed print toasts (the printer's own toast, or ours when
    // the printer could not be reached) and the flow goes on.
    print: (jobs) => {
      void jobs
        .reduce<Promise<unknown>>(
          (previous, job) => previous.then(() => printJob(job)),
          Promise.resolve(),
        )
        .catch((error: unknown) =>
          effects.current.toasts.notify({
            status: 'error',
            content: effects.current.t('printFailed', {
              message: error instanceof Error ? error.message : '',
            }),
          }),
        );
    },
  }));
  return ports;
}
