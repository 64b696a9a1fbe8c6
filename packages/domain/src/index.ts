export * from './locale.js';
export * from './browser-support.js';
