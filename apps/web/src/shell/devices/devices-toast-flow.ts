/**
 * The flow of the printer's and scale's own toasts ("Принтер недоступен"…): a success of the
 * page they were raised on does not close them, a printed test label does. Its own file, so the
 * lazily loaded devices runtime and the first screen's devices access share it without a circle.
 */
export const DEVICES_TOAST_FLOW = 'devices';
