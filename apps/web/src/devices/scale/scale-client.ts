import {
  DEVICE_COOKIE_HEADER,
  readEnvelope,
  type DeviceServiceInfo,
  type ScaleReading,
} from '@sorting/contracts';
import { buildUrl, type FetchFn } from '../../lib/api-client';
import type { Scheduler } from '../../lib/scheduler';

/** How often `readStableWeight` asks the scale (the spec gives no value;
 * docs/DECISIONS.md "Printer and scale in the web app"). */
export const SCALE_POLL_INTERVAL_MS = 300;

/** Why the scale could not be read; the UI turns the code into a catalogue text. */
export type ScaleErrorCode = 'notConfigured' | 'unreachable' | 'failed';

export class ScaleError extends Error {
  constructor(
    readonly code: ScaleErrorCode,
    readonly detail: string | null = null,
  ) {
    super(detail ?? code);
    this.name = 'ScaleError';
  }
}

/** The scale ids of this device (spec part 1 §3 device cookies). */
export interface ScaleIds {
  appId: string;
  scaleId: string;
}

export interface ScaleClientDeps {
  fetch: FetchFn;
  /** The agent's scale service (runtime settings `scaleServiceUrl`). */
  baseUrl: string;
  scheduler: Scheduler;
}

/** The agent's scale API (spec part 1 §7). Every call carries the device cookies. */
export interface ScaleClient {
  /**
   * The agent's cookie check. On the agent's own site: `POST api/cookie/check {name, value}`
   * makes the agent set that cookie on its origin, `GET api/cookie?name` answers the value the
   * browser sent back. A page of another site (`isCrossSite`) would only get a third-party
   * cookie back, which current Chromium never sends: its `GET api/cookie?name` carries the
   * value in DEVICE_COOKIE_HEADER, as every call of the page carries the device ids, and the
   * agent echoes it (docs/DECISIONS.md "Device agent", cookie check). True when the value came
   * back, false when not (cookies off), null when the agent is unreachable or refuses the page
   * (which says nothing about cookies).
   */
  checkCookie(
    name: string,
    value: string,
    options?: { isCrossSite?: boolean },
  ): Promise<boolean | null>;
  /** `GET api/cookie?name`: the cookie's value as the agent sees it. */
  readCookie(name: string): Promise<string | null>;
  /** `POST api/connect`: ask the agent to connect this scale. */
  connect(ids: ScaleIds, signal?: AbortSignal): Promise<void>;
  /**
   * `GET api/version`: the ids of the scale the agent on this computer serves; null when it
   * serves none, does not answer, or is not our agent.
   */
  findAgentScale(signal?: AbortSignal): Promise<ScaleIds | null>;
  /** `GET api/connect?appId&scaleId`: the current reading. */
  read(ids: ScaleIds, signal?: AbortSignal): Promise<ScaleReading>;
  /** Connects, then polls until a stable weight (kg) arrives; rejects on abort or failure. */
  readStableWeight(ids: ScaleIds, signal?: AbortSignal): Promise<number>;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function abortError(): Error {
  const error = new Error('The scale read was aborted');
  error.name = 'AbortError';
  return error;
}

/** `GET api/cookie` answers `{name, value}`; a bare string is taken too. */
function readCookieValue(answer: unknown): string | null {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object' && 'value' in answer) {
    const { value } = answer as { value: unknown };
    return typeof value === 'string' ? value : null;
  }
  return null;
}

/** Creates the scale client. */
export function createScaleClient(deps: ScaleClientDeps): ScaleClient {
  const call = async <T>(
    path: string,
    init: {
      method: 'GET' | 'POST';
      body?: unknown;
      query?: Record<string, string>;
      headers?: Record<string, string>;
    },
    signal?: AbortSignal,
  ): Promise<T | null> => {
    let response: Response;
    try {
      response = await deps.fetch(buildUrl(deps.baseUrl, path, init.query), {
        method: init.method,
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: signal ?? null,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ScaleError('unreachable', error instanceof Error ? error.message : null);
    }
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    const envelope = readEnvelope<T>(body);
    if (!response.ok || !envelope.isSuccess) {
      throw new ScaleError(
        'failed',
        envelope.message ?? (response.ok ? null : response.statusText),
      );
    }
    return envelope.operationObject;
  };

  const read = async (ids: ScaleIds, signal?: AbortSignal): Promise<ScaleReading> => {
    const reading = await call<ScaleReading>(
      'api/connect',
      { method: 'GET', query: { appId: ids.appId, scaleId: ids.scaleId } },
      signal,
    );
    if (!reading || typeof reading !== 'object') throw new ScaleError('failed');
    return reading;
  };

  const wait = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      const onAbort = () => {
        deps.scheduler.clearTimeout(timer);
        reject(abortError());
      };
      const timer = deps.scheduler.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  return {
    async checkCookie(name, value, options) {
      try {
        const isCrossSite = options?.isCrossSite === true;
        if (!isCrossSite) {
          await call('api/cookie/check', { method: 'POST', body: { name, value } });
        }
        const cookie = await call<unknown>('api/cookie', {
          method: 'GET',
          query: { name },
          ...(isCrossSite ? { headers: { [DEVICE_COOKIE_HEADER]: value } } : {}),
        });
        return readCookieValue(cookie) === value;
      } catch {
        return null;
      }
    },
    async readCookie(name) {
      return readCookieValue(await call<unknown>('api/cookie', { method: 'GET', query: { name } }));
    },
    async findAgentScale(signal) {
      let info: DeviceServiceInfo | null;
      try {
        info = await call<DeviceServiceInfo>('api/version', { method: 'GET' }, signal);
      } catch (error) {
        if (isAbort(error)) throw error;
        return null;
      }
      if (!info || typeof info.appId !== 'string' || typeof info.scaleId !== 'string') return null;
      return info.appId && info.scaleId ? { appId: info.appId, scaleId: info.scaleId } : null;
    },
    async connect(ids, signal) {
      await call('api/connect', { method: 'POST', body: ids }, signal);
    },
    read,
    async readStableWeight(ids, signal) {
      if (!ids.appId || !ids.scaleId) throw new ScaleError('notConfigured');
      await this.connect(ids, signal);
      for (;;) {
        if (signal?.aborted) throw abortError();
        const reading = await read(ids, signal);
        // Spec part 1 §7 / the agent: only stable readings carry a weight.
        if (reading.isStable && typeof reading.weightKg === 'number') return reading.weightKg;
        await wait(SCALE_POLL_INTERVAL_MS, signal);
      }
    },
  };
}
