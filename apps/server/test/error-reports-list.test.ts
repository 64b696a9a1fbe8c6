import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorReportsPage } from '@sorting/contracts';
import { callWithSession, createSessionTestApp, signInByBadge } from './sessions.js';

// The administrators' list behind /errors (docs/DECISIONS.md "Error reporting"): groups by
// f-code or exception type, counted, newest first, 40 a page; workers and supervisors refused.

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let nextEvent = 1;

function envelopeOf(tags: Record<string, string>, exceptionType?: string): string {
  const event = {
    event_id: (nextEvent++).toString(16).padStart(32, 'b'),
    release: 'sorting-web@1.0.0',
    tags: { request_id: `req-${nextEvent}-abcdef`, warehouse: '1', route: '/sorting', ...tags },
    user: { id: 7 },
    ...(exceptionType ? { exception: { values: [{ type: exceptionType, value: 'boom' }] } } : {}),
  };
  const payload = JSON.stringify(event);
  return `{}\n${JSON.stringify({ type: 'event', length: Buffer.byteLength(payload) })}\n${payload}\n`;
}

async function report(tags: Record<string, string>, exceptionType?: string) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/1/envelope/',
    headers: { 'content-type': 'text/plain' },
    payload: envelopeOf(tags, exceptionType),
  });
  expect(response.statusCode).toBe(200);
  context.clock.advanceSeconds(1);
}

beforeAll(async () => {
  context = await createSessionTestApp({ ERROR_REPORTS_PER_MINUTE: '1000' });
});

afterAll(async () => {
  await context?.close();
});

describe('GET /errors-api/reports', () => {
  it('groups by f-code or exception type, newest first, with the newest context', async () => {
    await report({ f_code: 'f-104' });
    await report({}, 'TypeError');
    await report({ f_code: 'f-104', request_id: 'req-latest-104' });
    const { token } = await signInByBadge(context.app, '~A3001-5RZ6');
    const response = await callWithSession(context.app, token!, 'GET', '/errors-api/reports');
    expect(response.statusCode).toBe(200);
    const page = response.json<{ operationObject: TErrorReportsPage }>().operationObject;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 40 });
    expect(page.groups.map((group) => [group.groupKey, group.count])).toEqual([
      ['f-104', 2],
      ['TypeError', 1],
    ]);
    expect(page.groups[0]).toMatchObject({
      fCode: 'f-104',
      requestId: 'req-latest-104',
      userId: 7,
      warehouseId: 1,
      route: '/sorting',
      appVersion: 'sorting-web@1.0.0',
    });
    expect(Date.parse(page.groups[0]!.firstSeen)).toBeLessThan(
      Date.parse(page.groups[0]!.lastSeen),
    );
  });

  it('pages by 40', async () => {
    for (let i = 0; i < 41; i += 1) await report({ f_code: `f-${500 + i}` });
    const { token } = await signInByBadge(context.app, '~A3001-5RZ6');
    const second = await callWithSession(context.app, token!, 'GET', '/errors-api/reports?page=2');
    const page = second.json<{ operationObject: TErrorReportsPage }>().operationObject;
    expect(page.total).toBe(43);
    expect(page.groups.map((group) => group.groupKey)).toEqual(['f-500', 'f-104', 'TypeError']);
  });

  it('refuses a supervisor (403) and a caller without a session (401)', async () => {
    const { token } = await signInByBadge(context.app, '~S2001-9TB4');
    const refused = await callWithSession(context.app, token!, 'GET', '/errors-api/reports');
    expect(refused.statusCode).toBe(403);
    const anonymous = await context.app.inject({ method: 'GET', url: '/errors-api/reports' });
    expect(anonymous.statusCode).toBe(401);
  });
});
