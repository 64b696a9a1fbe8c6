import type { Scheduler } from '../../lib/scheduler';
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
}

export interface ToastStore {
  /** Shows a notification and returns its id. */
  notify(input: NotifyInput | string): number;
  /** Sanitises the shown toasts again (after the full sanitiser has loaded). */
  resanitize(): void;
  dismiss(id: number): void;
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

  /** A handheld shows at most two: the older ones close (ids grow with time). */
  const keepWithinLimit = () => {
    if (!isHandheldWidth(deps.getViewportWidth())) return;
    const ids = NOTIFICATION_POSITIONS.flatMap((position) => state[position])
      .map((toast) => toast.id)
      .sort((a, b) => b - a);
    const oldestKept = ids[HANDHELD_MAX_TOASTS - 1];
    if (oldestKept !== undefined) dismissWhere((toast) => toast.id < oldestKept);
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
    rawContent.set(id, input.content);
    const list = state[position];
    state = {
      ...state,
      [position]: isBottomPosition(position) ? [toast, ...list] : [...list, toast],
    };
    timers.set(
      id,
      deps.scheduler.setTimeout(() => dismiss(id), lifetime),
    );
    keepWithinLimit();
    if (toast.status === 'error' && !toast.isMuteErrorSound) deps.sounds.play('err');
    emit();
    return id;
  };

  return {
    notify,
    dismiss,
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
