// The shell's public surface for features (the app's chrome: session, toasts, devices, sounds,
// locale): import from '../../shell'. The shared UI kit is `../../ui`.
export { LocaleLink, useLocale, useLocalizedPath } from './i18n';
export {
  useLocalPrinterNotNeeded,
  useNotify,
  useOpenDeviceDialog,
  usePrint,
  useReadStableWeight,
  useScan,
  useScanClaim,
  useScanSettings,
  useSoundPlayer,
  useSessionUser,
  useShellServices,
} from './shell-services';
export type { Scan, ScanHandler, ScanSource } from '../devices/scanner/scan-input';
export { notify, dismissNotification } from './notifications';
export {
  NOTIFICATION_LIFETIME_MS,
  NOTIFICATION_POSITIONS,
  NOTIFICATION_STATUSES,
  NOTIFICATION_TITLE_THRESHOLD,
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
