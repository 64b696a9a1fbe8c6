export * from './envelope.js';
export * from './errors.js';
export * from './settings.js';
export * from './api-paths.js';
export * from './constants.js';
export * from './auth/users-search.js';
export * from './sorting/warehouses-search.js';
export * from './sorting/zones-search.js';
