import { defineConfig } from 'drizzle-kit';

// Generates commit-ready SQL into ./drizzle; the server runs it on start with each driver's
// migrator (src/db/database.ts). Run with `npm run db:generate -w @sorting/server`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
