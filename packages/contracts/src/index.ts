export * from './envelope.js';
export * from './errors.js';
export * from './settings.js';
export * from './api-paths.js';
export * from './constants.js';
export * from './auth/users-search.js';
export * from './sorting/warehouses-search.js';
export * from './sorting/zones-search.js';
export * from './sorting/context-lists.js';
export * from './sorting/sorting-calls.js';
export * from './printing/printing-protocol.js';
export * from './printing/device-services.js';

export * from './printing/print-jobs.js';
export * from './users/users-calls.js';
export * from './time-tracking/time-tracking-calls.js';
export * from './returns/returns-calls.js';
