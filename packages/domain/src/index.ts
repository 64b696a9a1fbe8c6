export * from './locale.js';
export * from './browser-support.js';
export * from './topology.js';
export * from './roles.js';
