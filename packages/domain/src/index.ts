export * from './locale.js';
export * from './browser-support.js';
export * from './topology.js';
export * from './roles.js';
export * from './barcode/recognize-barcode.js';
export * from './barcode/keyboard-layout.js';
