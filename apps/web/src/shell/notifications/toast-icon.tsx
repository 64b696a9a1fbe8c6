import type { NotificationStatus } from './notification';

const paths: Record<NotificationStatus, string> = {
  // A tick in a circle.
  ok: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.4 14.2-4.3-4.3 1.4-1.4 2.9 2.9 6.1-6.1 1.4 1.4-7.5 7.5Z',
  // A cross in a circle.
  error:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.2 12.8-1.4 1.4L12 13.4l-2.8 2.8-1.4-1.4 2.8-2.8-2.8-2.8 1.4-1.4 2.8 2.8 2.8-2.8 1.4 1.4-2.8 2.8 2.8 2.8Z',
  // An exclamation mark in a triangle.
  attention: 'M12 2 1 21h22L12 2Zm1 16h-2v-2h2v2Zm0-4h-2V9h2v5Z',
  // An "i" in a circle.
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
};

/** The distinct icon of a notification status (spec part 1 §8). */
export function ToastIcon(props: { status: NotificationStatus; label: string }) {
  return (
    <svg
      data-testid="toast-icon"
      data-icon={props.status}
      role="img"
      aria-label={props.label}
      viewBox="0 0 24 24"
      width="28"
      height="28"
      focusable="false"
    >
      <path fill="currentColor" d={paths[props.status]} />
    </svg>
  );
}
