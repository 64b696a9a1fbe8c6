// docs/DECISIONS.md "Printer and scale in the web app", no agent: every connection the agent
// refuses is an error in the browser's console. While no agent runs there is one, however long
// the page stays open; an agent that answers and goes away again is refused once more.
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketConstructor, WebSocketLike } from '../../devices/printer/local-socket';
import { createMemoryCookieJar } from '../../lib/cookies';
import { createFakeScheduler } from '../../lib/fake-scheduler';
import { createDevicesRuntime } from './devices-runtime';

const AGENT = 'localhost:55557';
const TEN_MINUTES = 10 * 60_000;

/** The workstation's agent: up or not; every refused connection is one console error. */
function createAgent() {
  const agent = { isUp: false, refusals: 0, sockets: [] as FakeSocket[] };

  class FakeSocket implements WebSocketLike {
    readyState = 0;
    private readonly listeners = new Map<string, ((event: never) => void)[]>();
    constructor(readonly url: string) {
      agent.sockets.push(this);
      const isUp = agent.isUp;
      if (!isUp) agent.refusals++;
      queueMicrotask(() => {
        if (isUp) {
          this.readyState = 1;
          this.emit('open', {});
        } else {
          this.readyState = 3;
          this.emit('error', {});
          this.emit('close', { wasClean: false });
        }
      });
    }
    send() {}
    close() {
      this.readyState = 3;
    }
    addEventListener(type: string, listener: (event: never) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    /** The agent stopped: the open socket closes without a clean close. */
    drop() {
      this.readyState = 3;
      this.emit('close', { wasClean: false });
    }
    private emit(type: string, event: object) {
      for (const listener of this.listeners.get(type) ?? []) listener(event as never);
    }
  }

  const fetch = (input: string) => {
    if (!input.includes(AGENT)) return Promise.reject(new TypeError('Failed to fetch'));
    if (!agent.isUp) {
      agent.refusals++;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return Promise.resolve(
      new Response(JSON.stringify({ IsSuccess: true, OperationObject: null }), { status: 200 }),
    );
  };
  return { agent, WebSocket: FakeSocket as unknown as WebSocketConstructor, fetch };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function settle(clock: ReturnType<typeof createFakeScheduler>, ms = 0) {
  // Promise chains between timers: let them run, then move the clock in steps.
  for (let step = 0; step <= ms; step += 1000) {
    for (let i = 0; i < 20; i++) await Promise.resolve();
    if (ms > 0) clock.advance(1000);
  }
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function startRuntime() {
  const clock = createFakeScheduler();
  const { agent, WebSocket, fetch } = createAgent();
  const runtime = createDevicesRuntime({
    cookies: createMemoryCookieJar(),
    getHost: () => 'localhost',
    scheduler: clock,
    fetch,
    WebSocket,
    random: () => 0.5,
    isCookieEnabled: () => true,
    notify: () => undefined,
    translate: async (key) => key,
    settings: {
      printerServiceUrl: `ws://${AGENT}`,
      scaleServiceUrl: `http://${AGENT}`,
      // No hub either (the server unreachable): the local socket is all there is.
      printingHubUrl: 'http://127.0.0.1:9/printersHub',
    },
  });
  stops.push(runtime.acquire());
  return { clock, agent, runtime };
}

describe('devices runtime: no agent on this workstation', () => {
  it('opening the page and ten minutes of the page open: one refused connection', async () => {
    const { clock, agent } = startRuntime();
    await settle(clock);
    // The socket, the scale service's version and the agent's cookie check: one refusal.
    expect(agent.refusals).toBe(1);
    await settle(clock, TEN_MINUTES);
    expect(agent.refusals).toBe(1);
  });

  it('an agent found when asked, then gone: one refusal more, not one per retry', async () => {
    const { clock, agent, runtime } = startRuntime();
    await settle(clock, 5000);
    expect(agent.refusals).toBe(1);

    // The worker starts the agent and opens the device dialog: it is found.
    agent.isUp = true;
    runtime.printer.refreshLocalState();
    await settle(clock);
    expect(runtime.printer.getSnapshot().local.status).toBe('connected');
    expect(agent.refusals).toBe(1);

    // The agent stops: the page tries again once, is refused, and waits to be asked.
    agent.isUp = false;
    agent.sockets.at(-1)?.drop();
    await settle(clock, TEN_MINUTES);
    expect(agent.refusals).toBe(2);
  });
});
