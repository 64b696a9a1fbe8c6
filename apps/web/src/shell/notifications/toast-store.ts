import type { Scheduler } from '../../lib/scheduler';
import type { SoundName } from '../sounds/sound-names';
import {
  NOTIFICATION_LIFETIME_MS,
  NOTIFICATION_POSITIONS,
  NOTIFICATION_TITLE_THRESHOLD,
  defaultPosition,
  isBottomPosition,
  type Notification,
  type NotificationPosition,
  type NotifyInput,
} from './notification';

export type ToastsByPosition = Readonly<Record<NotificationPosition, readonly Notification[]>>;

export interface ToastStoreDeps {
  scheduler: Scheduler;
  getViewportWidth: () => number;
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

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) deps.scheduler.clearTimeout(timer);
    timers.delete(id);
    rawContent.delete(id);
    let changed = false;
    const next = { ...state };
    for (const position of NOTIFICATION_POSITIONS) {
      const list = state[position];
      if (list.some((toast) => toast.id === id)) {
        next[position] = list.filter((toast) => toast.id !== id);
        changed = true;
      }
    }
    if (changed) {
      state = next;
      emit();
    }
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
      },
      input.content,
    );
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
    if (toast.status === 'error' && !toast.isMuteErrorSound) deps.sounds.play('err');
    emit();
    return id;
  };

  return {
    notify,
    dismiss,
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
      for (const timer of timers.values()) deps.scheduler.clearTimeout(timer);
      timers.clear();
      rawContent.clear();
      state = emptyState();
      emit();
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
