import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeHubRaw } from '../printing-hub-clients.js';
import {
  createChildDatabase,
  killServerChildren,
  prepareChildDatabase,
  startServerChild,
  waitFor,
  type ChildDatabase,
  type ServerChild,
} from './fault-fixtures.js';

// A graceful shutdown (SIGTERM) of a server on a PGlite folder hung until
// the 10 s force-kill. The cause (docs/DECISIONS.md "Serving and shutdown"): a websocket upgrade
// that reached the server while it was closing was answered 503 by Fastify on the raw socket
// and the socket was never closed, so the HTTP server's close waited for it for ever. Agents
// and browsers reconnect to the hub at any moment, so one upgrade may land in that window.
// A real server process, on PGlite by default (PostgreSQL with DATABASE_URL).

// Idle it ends in ~1.1 s (the quiet agent's 1 s of grace). The defect shows as the 10 s
// force-kill of close-with-grace, which exits 1 and logs "killed by timeout"; both are asserted
// below. The bound sits halfway to that force-kill, since a 2-core CI running other suites
// beside this one stretched a clean shutdown to 3.03 s.
const SHUTDOWN_WITHIN_MS = 5_000;

let store: ChildDatabase;
let server: ServerChild;

beforeAll(async () => {
  store = await createChildDatabase();
  await prepareChildDatabase(store, { count: 1, prefix: 'G' });
  server = await startServerChild(store.env);
});

afterAll(async () => {
  killServerChildren();
  await store?.drop();
});

describe('graceful shutdown', () => {
  it('ends on its own, well before the force-kill, although a hub upgrade arrives while the server closes', async () => {
    // An agent whose network went quiet: upgraded, then it never answers the close frame,
    // so the hub gives it its 1 s of grace before cutting it.
    const quiet = await upgradeHubRaw(server.url, 'quietagentconnection0001');
    await waitFor(() => quiet.received().includes('\r\n\r\n'));
    expect(quiet.received()).toMatch(/^HTTP\/1\.1 101 /);
    const upgraded = quiet.received().length;

    const stoppedAt = performance.now();
    server.child.kill('SIGTERM');
    // The hub sent its close frame: the server is closing. Another agent reconnects now.
    await waitFor(() => quiet.received().length > upgraded);
    const late = await upgradeHubRaw(server.url, 'lateagentconnection00001');

    const code = await server.exited;
    const elapsed = performance.now() - stoppedAt;
    late.socket.destroy();
    quiet.socket.destroy();
    expect(late.received()).toMatch(/^HTTP\/1\.1 503 /);
    expect(code, server.output().slice(-4_000)).toBe(0);
    expect(server.output()).not.toContain('killed by timeout');
    expect(elapsed).toBeLessThan(SHUTDOWN_WITHIN_MS);
  });
});
