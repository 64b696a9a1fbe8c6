// Typed catalogue keys (conventions §8): the ru catalogues are the source of the key types,
// so a missing or misspelled key is a compile error. One namespace per route area.
import type common from '../shell/locales/ru.json';
import type cameraViewfinder from '../shell/camera-viewfinder/locales/ru.json';
import type textReader from '../shell/text-reader/locales/ru.json';
import type devices from '../shell/devices/locales/ru.json';
import type audit from '../features/audit/locales/ru.json';
import type captureImage from '../features/capture-image/locales/ru.json';
import type extractText from '../features/extract-text/locales/ru.json';
import type deconsolidation from '../features/deconsolidation/locales/ru.json';
import type dimensions from '../features/dimensions/locales/ru.json';
import type documentsFlow from '../features/documents-flow/locales/ru.json';
import type home from '../features/home/locales/ru.json';
import type inbound from '../features/inbound/locales/ru.json';
import type shipment from '../features/shipment/locales/ru.json';
import type stickeringRedirectCatch from '../features/stickering-redirect-catch/locales/ru.json';
import type nfc from '../features/nfc/locales/ru.json';
import type notifications from '../features/notifications/locales/ru.json';
import type outdatedBrowser from '../features/outdated-browser/locales/ru.json';
import type picking from '../features/picking/locales/ru.json';
import type returnableBoxes from '../features/returnable-boxes/locales/ru.json';
import type returns from '../features/returns/locales/ru.json';
import type settings from '../features/settings/locales/ru.json';
import type sorting from '../features/sorting/locales/ru.json';
import type timeTracking from '../features/time-tracking/locales/ru.json';
import type topology from '../features/topology/locales/ru.json';
import type userAuth from '../features/user-auth/locales/ru.json';
import type users from '../features/users/locales/ru.json';
import type errors from '../features/errors/locales/ru.json';
import type vision from '../features/vision/locales/ru.json';
import type workflow from '../features/workflow/routes/workflow/locales/ru.json';
import type workflowRoute from '../features/workflow/routes/cargo-picking/locales/ru.json';
import type { WorkflowRoute } from '../features/workflow/workflow-routes';

/**
 * Each workflow route's own namespace: all have the keys of the first, and each the
 * `prompt.<key>` texts of its workflow, read by the key the server answers (catalogues.test.ts).
 */
type WorkflowRouteResources = Record<WorkflowRoute, typeof workflowRoute>;

/** The namespaces of the app and their (ru) catalogues. */
export interface I18nResources extends WorkflowRouteResources {
  common: typeof common;
  'camera-viewfinder': typeof cameraViewfinder;
  'text-reader': typeof textReader;
  devices: typeof devices;
  audit: typeof audit;
  'capture-image': typeof captureImage;
  'extract-text': typeof extractText;
  deconsolidation: typeof deconsolidation;
  dimensions: typeof dimensions;
  'documents-flow': typeof documentsFlow;
  home: typeof home;
  inbound: typeof inbound;
  shipment: typeof shipment;
  'stickering-redirect-catch': typeof stickeringRedirectCatch;
  nfc: typeof nfc;
  notifications: typeof notifications;
  'outdated-browser': typeof outdatedBrowser;
  picking: typeof picking;
  'returnable-boxes': typeof returnableBoxes;
  returns: typeof returns;
  settings: typeof settings;
  sorting: typeof sorting;
  'time-tracking': typeof timeTracking;
  topology: typeof topology;
  'user-auth': typeof userAuth;
  users: typeof users;
  errors: typeof errors;
  vision: typeof vision;
  workflow: typeof workflow;
}

/** A namespace of a route area. */
export type AreaNamespace = Exclude<
  keyof I18nResources,
  'common' | 'camera-viewfinder' | 'devices' | 'text-reader'
>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: I18nResources;
  }
}
