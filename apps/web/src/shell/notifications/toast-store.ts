import type { Scheduler } from '../../lib/scheduler';
import type { Announcer } from '../../ui/live-region/announcer';
import type { SoundName } from '../sounds/sound-names';
import {
  HANDHELD_MAX_TOASTS,
  NOTIFICATION_LIFETIME_MS,
  NOTIFICATION_POSITIONS,
  NOTIFICATION_TITLE_THRESHOLD,
  defaultPosition,
  isBottomPosition,
  isHandheldWidth,
  type Notification,
  type NotificationPosition,
  type NotifyInput,
} from './notification';

export type ToastsByPosition = Readonly<Record<NotificationPosition, readonly Notification[]>>;

export interface ToastStoreDeps {
  scheduler: Scheduler;
  getViewportWidth: () => number;
  /** The flow of a toast raised without one: the page (path without locale prefix). */
  getFlow?: () => string;
  sounds: { play(name: SoundName): void };
  sanitize: (html: string) => string;
  toText: (html: string) => string;
  lifetimeMs?: number;
  /** The live region: what an alert toast says is not said again, nor the other way round. */
  announcer?: Pick<Announcer, 'say' | 'noteSaid' | 'wasSaid'>;
  /** Spec part 1 §8: every error toast is reported (with its f-code when it has one). */
  onErrorShown?: (error: { fCode: string | null; flow: string }) => void;
}

export interface ToastStore {
  /** Shows a notification and returns its id. */
  notify(input: NotifyInput | string): number;
  /** Sanitises the shown toasts again (after the full sanitiser has loaded). */
  resanitize(): void;
  dismiss(id: number): void;
  /** The toast is focused or hovered: its time stops until `release` (WCAG 2.2.1). */
  hold(id: number): void;
  /** Focus or pointer left the toast: the rest of its time runs on. */
  release(id: number): void;
  /**
   * A success of a flow (default: the current page's) that showed no ok toast, such as a move
   * with its success sound: the flow's error toasts close.
   */
  succeed(flow?: string): void;
  /** Closes every toast (sign-in and sign-out). */
  clear(): void;
  getSnapshot(): ToastsByPosition;
  subscribe(listener: () => void): () => void;
}

const emptyState = (): ToastsByPosition =>
  Object.fromEntries(
    NOTIFICATION_POSITIONS.map((position) => [position, []]),
  ) as unknown as ToastsByPosition;

/**
 * The toasts of the app (spec part 1 §3, part 2 §3 and §9). Our own store rather than a
 * library: new toasts of bottom positions are prepended and of top positions appended, which
 * neither sonner nor react-notifications-component (no React 19) does.
 */
export function createToastStore(deps: ToastStoreDeps): ToastStore {
  const lifetime = deps.lifetimeMs ?? NOTIFICATION_LIFETIME_MS;
  let state = emptyState();
  let lastId = 0;
  const timers = new Map<number, ReturnType<Scheduler['setTimeout']>>();
  // When each toast's time runs out, and what is left of it while the toast is held.
  const dueAt = new Map<number, number>();
  const heldLeft = new Map<number, number>();
  // The content as given, kept while the toast is shown, to sanitise it again.
  const rawContent = new Map<number, string>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  /** Closes the toasts that match, in one change; true when any closed. */
  const dismissWhere = (isClosed: (toast: Notification) => boolean): boolean => {
    let changed = false;
    const next = { ...state };
    for (const position of NOTIFICATION_POSITIONS) {
      next[position] = state[position].filter((toast) => {
        if (!isClosed(toast)) return true;
        deps.scheduler.clearTimeout(timers.get(toast.id) ?? 0);
        timers.delete(toast.id);
        dueAt.delete(toast.id);
        heldLeft.delete(toast.id);
        rawContent.delete(toast.id);
        changed = true;
        return false;
      });
    }
    if (changed) state = next;
    return changed;
  };

  const dismiss = (id: number) => {
    if (dismissWhere((toast) => toast.id === id)) emit();
  };

  const closeErrorsOf = (flow: string) =>
    dismissWhere((toast) => toast.flow === flow && toast.status === 'error');

  const startTimer = (id: number, ms: number) => {
    dueAt.set(id, deps.scheduler.now() + ms);
    timers.set(
      id,
      deps.scheduler.setTimeout(() => dismiss(id), ms),
    );
  };

  /**
   * A handheld shows at most two: the oldest closes (ids grow with time). An ok or info toast
   * never pushes out an error or attention toast within its time (docs/DECISIONS.md "Web
   * shell", toasts on a handheld): the oldest ok or info closes instead, the new one itself
   * when every other is urgent (it is then said through the live region).
   */
  /** False when the added toast itself had to close. */
  const keepWithinLimit = (added: Notification): boolean => {
    if (!isHandheldWidth(deps.getViewportWidth())) return true;
    const shown = NOTIFICATION_POSITIONS.flatMap((position) => state[position]).sort(
      (a, b) => a.id - b.id,
    );
    let excess = shown.length - HANDHELD_MAX_TOASTS;
    if (excess <= 0) return true;
    const closing = new Set<number>();
    const isUrgent = (toast: Notification) =>
      toast.status === 'error' || toast.status === 'attention';
    const mayClose = (toast: Notification) => !isUrgent(toast) || isUrgent(added);
    for (const toast of shown) {
      if (excess === 0) break;
      if (mayClose(toast)) {
        closing.add(toast.id);
        excess -= 1;
      }
    }
    dismissWhere((toast) => closing.has(toast.id));
    return !closing.has(added.id);
  };

  const withContent = (toast: Notification, raw: string): Notification => {
    const content = deps.sanitize(raw);
    return {
      ...toast,
      content,
      title: content.length > NOTIFICATION_TITLE_THRESHOLD ? deps.toText(content) : null,
    };
  };

  const notify = (raw: NotifyInput | string): number => {
    const input: NotifyInput = typeof raw === 'string' ? { content: raw } : raw;
    const id = Math.max(Math.floor(deps.scheduler.now()), lastId + 1);
    lastId = id;
    const position = input.position ?? defaultPosition(deps.getViewportWidth());
    const toast = withContent(
      {
        id,
        status: input.status ?? 'error',
        position,
        content: '',
        isMuteErrorSound: input.isMuteErrorSound ?? false,
        offset: input.offset ?? null,
        title: null,
        flow: input.flow ?? deps.getFlow?.() ?? '',
      },
      input.content,
    );
    // An ok or info outcome means the flow went on: its older errors no longer hold.
    if (toast.status === 'ok' || toast.status === 'info') closeErrorsOf(toast.flow);
    const text = deps.toText(toast.content);
    if (deps.announcer?.wasSaid(text)) toast.isQuiet = true;
    rawContent.set(id, input.content);
    const list = state[position];
    state = {
      ...state,
      [position]: isBottomPosition(position) ? [toast, ...list] : [...list, toast],
    };
    startTimer(id, lifetime);
    // Shown: its alert or its live container reads it. Not shown: the live region says it.
    if (!keepWithinLimit(toast)) deps.announcer?.say(text);
    else if (!toast.isQuiet) deps.announcer?.noteSaid(text);
    if (toast.status === 'error' && !toast.isMuteErrorSound) deps.sounds.play('err');
    emit();
    if (toast.status === 'error')
      deps.onErrorShown?.({ fCode: input.fCode ?? null, flow: toast.flow });
    return id;
  };

  return {
    notify,
    dismiss,
    hold(id) {
      const due = dueAt.get(id);
      if (due === undefined || heldLeft.has(id)) return;
      deps.scheduler.clearTimeout(timers.get(id) ?? 0);
      timers.delete(id);
      heldLeft.set(id, Math.max(due - deps.scheduler.now(), 0));
    },
    release(id) {
      const left = heldLeft.get(id);
      if (left === undefined) return;
      heldLeft.delete(id);
      // A moment to read what is left, even if its time had all but run out.
      startTimer(id, Math.max(left, 2_000));
    },
    succeed(flow) {
      if (closeErrorsOf(flow ?? deps.getFlow?.() ?? '')) emit();
    },
    resanitize() {
      const next = { ...state };
      for (const position of NOTIFICATION_POSITIONS) {
        next[position] = state[position].map((toast) =>
          withContent(toast, rawContent.get(toast.id) ?? toast.content),
        );
      }
      state = next;
      emit();
    },
    clear() {
      dismissWhere(() => true);
      emit();
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
