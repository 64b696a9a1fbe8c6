export * from './envelope.js';
export * from './errors.js';
export * from './settings.js';
export * from './api-paths.js';
export * from './constants.js';
