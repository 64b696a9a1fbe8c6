// Typed catalogue keys (conventions §8): the ru catalogues are the source of the key types,
// so a missing or misspelled key is a compile error. One namespace per route area.
import type common from '../shell/locales/ru.json';
import type cameraViewfinder from '../shell/camera-viewfinder/locales/ru.json';
import type devices from '../shell/devices/locales/ru.json';
import type audit from '../features/audit/locales/ru.json';
import type captureImage from '../features/capture-image/locales/ru.json';
import type cargoPicking from '../features/cargo-picking/locales/ru.json';
import type cargoPickingV2 from '../features/cargo-picking-v2/locales/ru.json';
import type consolidation from '../features/consolidation/locales/ru.json';
import type deconsolidation from '../features/deconsolidation/locales/ru.json';
import type dimensions from '../features/dimensions/locales/ru.json';
import type extractText from '../features/extract-text/locales/ru.json';
import type home from '../features/home/locales/ru.json';
import type inbound from '../features/inbound/locales/ru.json';
import type loading from '../features/loading/locales/ru.json';
import type loadingV2 from '../features/loading-v2/locales/ru.json';
import type nfc from '../features/nfc/locales/ru.json';
import type notifications from '../features/notifications/locales/ru.json';
import type outdatedBrowser from '../features/outdated-browser/locales/ru.json';
import type packing from '../features/packing/locales/ru.json';
import type parcelPickingInStorage from '../features/parcel-picking-in-storage/locales/ru.json';
import type parcelsPicking from '../features/parcels-picking/locales/ru.json';
import type parcelsPlacing from '../features/parcels-placing/locales/ru.json';
import type picking from '../features/picking/locales/ru.json';
import type placeToStorage from '../features/place-to-storage/locales/ru.json';
import type placing from '../features/placing/locales/ru.json';
import type printBoxSticker from '../features/print-box-sticker/locales/ru.json';
import type receiptCargo from '../features/receipt-cargo/locales/ru.json';
import type returnableBoxes from '../features/returnable-boxes/locales/ru.json';
import type returns from '../features/returns/locales/ru.json';
import type settings from '../features/settings/locales/ru.json';
import type shipment from '../features/shipment/locales/ru.json';
import type sorting from '../features/sorting/locales/ru.json';
import type stickeringRedirectCatch from '../features/stickering-redirect-catch/locales/ru.json';
import type timeTracking from '../features/time-tracking/locales/ru.json';
import type topology from '../features/topology/locales/ru.json';
import type userAuth from '../features/user-auth/locales/ru.json';
import type users from '../features/users/locales/ru.json';
import type vision from '../features/vision/locales/ru.json';

/** The namespaces of the app and their (ru) catalogues. */
export interface I18nResources {
  common: typeof common;
  'camera-viewfinder': typeof cameraViewfinder;
  devices: typeof devices;
  audit: typeof audit;
  'capture-image': typeof captureImage;
  'cargo-picking': typeof cargoPicking;
  'cargo-picking-v2': typeof cargoPickingV2;
  consolidation: typeof consolidation;
  deconsolidation: typeof deconsolidation;
  dimensions: typeof dimensions;
  'extract-text': typeof extractText;
  home: typeof home;
  inbound: typeof inbound;
  loading: typeof loading;
  'loading-v2': typeof loadingV2;
  nfc: typeof nfc;
  notifications: typeof notifications;
  'outdated-browser': typeof outdatedBrowser;
  packing: typeof packing;
  'parcel-picking-in-storage': typeof parcelPickingInStorage;
  'parcels-picking': typeof parcelsPicking;
  'parcels-placing': typeof parcelsPlacing;
  picking: typeof picking;
  'place-to-storage': typeof placeToStorage;
  placing: typeof placing;
  'print-box-sticker': typeof printBoxSticker;
  'receipt-cargo': typeof receiptCargo;
  'returnable-boxes': typeof returnableBoxes;
  returns: typeof returns;
  settings: typeof settings;
  shipment: typeof shipment;
  sorting: typeof sorting;
  'stickering-redirect-catch': typeof stickeringRedirectCatch;
  'time-tracking': typeof timeTracking;
  topology: typeof topology;
  'user-auth': typeof userAuth;
  users: typeof users;
  vision: typeof vision;
}

/** A namespace of a route area. */
export type AreaNamespace = Exclude<
  keyof I18nResources,
  'common' | 'camera-viewfinder' | 'devices'
>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: I18nResources;
  }
}
