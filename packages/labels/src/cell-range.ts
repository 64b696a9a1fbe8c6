// The range expansion is pure and lives in @sorting/domain, so the web app uses it without
// pulling the renderers (bwip-js, pdf-lib) into its bundle; re-exported here for label users.
export { expandBoxRange, expandCellRange, type BoxRange, type CellRange } from '@sorting/domain';
