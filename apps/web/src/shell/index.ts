// The shell's public surface for features: import from '../../shell'.
export { Page } from './layout/page';
export { NotAvailablePage } from './layout/not-available-page';
export { NoData } from './no-data/no-data';
export { Dialog, type DialogProps } from './dialog/dialog';
export { LocaleLink, useLocale, useLocalizedPath } from './i18n';
export {
  useLocalPrinterNotNeeded,
  useNotify,
  useOpenDeviceDialog,
  usePrint,
  useReadStableWeight,
  useScan,
  useScanSettings,
  useSoundPlayer,
  useSessionUser,
  useShellServices,
} from './shell-services';
export type { Scan, ScanHandler, ScanSource } from '../devices/scanner/scan-input';
export { notify, dismissNotification } from './notifications';
export {
  NOTIFICATION_POSITIONS,
  NOTIFICATION_STATUSES,
  type NotificationPosition,
  type NotificationStatus,
  type NotifyInput,
} from './notifications/notification';
export {
  BASE_SOUNDS,
  LETTERS,
  MAX_NUMBER_SOUND,
  numberSound,
  createAnnouncer,
  playInTurn,
  type BaseSound,
  type SoundName,
  type SoundPlayer,
} from './sounds';
export { default as controlStyles } from './layout/controls.module.css';
export { default as tableStyles } from './layout/list-table.module.css';
export { ActionButton, SubmitButton } from './layout/action-button';
export { Pager, type PagerProps } from './layout/pager';
export { ActionBar } from './layout/action-bar';
export { ListSection, type ListFailure } from './layout/list-section';
export { useSessionService, useLogout } from './session/use-session';
export { resolveRedirect, type RedirectTarget } from './session/redirect-target';
export {
  toDemoUsers,
  type DemoUser,
  type SignInOutcome,
  type SwitchOutcome,
} from './session/session-service';
export type { PrintOutcome, PrintRequest } from '../devices/printer/printer-service';
export { createWarehousesService, type WarehousesCalls } from './warehouses/warehouses.service';
