import { startServer } from './server-process';

/** One real server for the whole run; tests read its URL from E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
