// The database schema (drizzle-kit reads this file): a plain barrel of the tables by area.
// The base tables (warehouses, zones, cells, users, sessions, events, operations) are in
// schema-base.ts, which the other areas import; nothing imports this barrel back.
export * from './schema-base.js';
export * from './schema-sorting.js';
export * from './schema-printing.js';
export * from './schema-time-tracking.js';
export * from './schema-returns.js';
export * from './schema-documents-flow.js';
export * from './schema-picking.js';
export * from './schema-audit.js';
export * from './schema-documents.js';
export * from './schema-delivery.js';
export * from './schema-picking-validation.js';
export * from './schema-picking-payment.js';
export * from './schema-workflows.js';
export * from './schema-error-reports.js';
export * from './schema-integration.js';
