/** The cross of a close button (dialogs, toasts, the camera viewfinder), at the given size in px. */
export function CloseIcon(props: { size: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={props.size}
      height={props.size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="m19 6.4-1.4-1.4-5.6 5.6L6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4Z"
      />
    </svg>
  );
}
