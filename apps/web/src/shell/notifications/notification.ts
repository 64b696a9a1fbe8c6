import { BREAKPOINTS } from '../../ui/page/breakpoints';

/** Spec part 1 §3 / part 2 §3: the kinds of notification; each has its own icon and colour. */
export const NOTIFICATION_STATUSES = ['ok', 'error', 'attention', 'info'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const NOTIFICATION_POSITIONS = [
  'topLeft',
  'topCenter',
  'topRight',
  'bottomLeft',
  'bottomCenter',
  'bottomRight',
] as const;
export type NotificationPosition = (typeof NOTIFICATION_POSITIONS)[number];

/** Spec part 2 §9: a toast closes after 10 s. */
export const NOTIFICATION_LIFETIME_MS = 10_000;
/** Spec part 1 §9: longer content gets a hover title. */
export const NOTIFICATION_TITLE_THRESHOLD = 450;
/**
 * Decision (docs/DECISIONS.md "Web shell", toasts): "wide screen" of the position rule is the
 * 992 px breakpoint.
 */
export const WIDE_SCREEN_MIN_WIDTH = BREAKPOINTS.wide;
/**
 * docs/DECISIONS.md "Web shell": below the handheld breakpoint at most two
 * toasts are shown; a third closes the oldest.
 */
export const HANDHELD_MAX_TOASTS = 2;

/** True below the handheld breakpoint (spec part 1 §9: 558). */
export function isHandheldWidth(viewportWidth: number): boolean {
  return viewportWidth < BREAKPOINTS.handheld;
}

/** A notification as shown: content is sanitised HTML. */
export interface Notification {
  /** Timestamp-based and unique: the time it was raised, moved on by 1 ms on a clash. */
  id: number;
  status: NotificationStatus;
  position: NotificationPosition;
  content: string;
  isMuteErrorSound: boolean;
  offset: readonly [number, number] | null;
  /** The content's text, set when the content is longer than the threshold. */
  title: string | null;
  /** The flow the toast belongs to: a success of the flow closes its older errors. */
  flow: string;
  /**
   * Its text was said a moment ago by the live region (the prompt's error line): it is shown
   * but not read again (docs/DECISIONS.md "Web shell", what a screen reader hears).
   */
  isQuiet?: boolean;
}

/** What a feature passes to `notify`. */
export interface NotifyInput {
  /** HTML string; sanitised before it is shown. */
  content: string;
  /** Default: error (spec part 2 §3). */
  status?: NotificationStatus;
  /** Default: bottomRight on wide screens, otherwise bottomCenter. */
  position?: NotificationPosition;
  isMuteErrorSound?: boolean;
  /** Shift of the toast from its place, in px: [x, y]. */
  offset?: readonly [number, number];
  /**
   * The flow it belongs to (default: the page it was raised on). An ok toast of a flow closes
   * the flow's older error toasts.
   */
  flow?: string;
  /** The f-code the error is shown with (spec part 1 §8), for its error report. */
  fCode?: string | null;
}

/** Spec part 1 §9: bottom right on wide screens, otherwise bottom centre. */
export function defaultPosition(viewportWidth: number): NotificationPosition {
  return viewportWidth >= WIDE_SCREEN_MIN_WIDTH ? 'bottomRight' : 'bottomCenter';
}

/** True for the positions whose new toasts are prepended (spec part 2 §9). */
export function isBottomPosition(position: NotificationPosition): boolean {
  return position.startsWith('bottom');
}
