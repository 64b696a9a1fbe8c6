import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '@sentry/react';
import * as contracts from '@sorting/contracts';
import { scrubEvent } from './scrub-event';

/**
 * Every field of every contract schema whose name says it holds personal data (names, phones,
 * addresses, pincodes, payment data, tokens, cookies, passwords, documents), found by walking
 * the schemas exported by @sorting/contracts, so a field added later is fed here too.
 */
const PERSONAL =
  /name|phone|address|pincode|pin$|pin[A-Z_]|email|passport|payment|card|token|cookie|password|secret|recipient|courier|fio|birth|document|iban|account/i;

interface ZodLike {
  _zod?: { def?: Record<string, unknown> };
}

function collectFields(schema: unknown, into: Set<string>, seen: Set<unknown>): void {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as ZodLike)._zod?.def;
  if (!def) return;
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape && typeof shape === 'object') {
    for (const [key, value] of Object.entries(shape)) {
      into.add(key);
      collectFields(value, into, seen);
    }
  }
  for (const key of ['element', 'innerType', 'in', 'out', 'valueType', 'left', 'right']) {
    collectFields(def[key], into, seen);
  }
  const options = def.options;
  if (Array.isArray(options)) for (const option of options) collectFields(option, into, seen);
  const items = def.items;
  if (Array.isArray(items)) for (const item of items) collectFields(item, into, seen);
}

function personalFields(): string[] {
  const fields = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > 3) return;
    if ((value as ZodLike)._zod) {
      collectFields(value, fields, seen);
      return;
    }
    // Route maps and schema maps: their entries hold the schemas.
    for (const entry of Object.values(value)) visit(entry, depth + 1);
  };
  for (const value of Object.values(contracts)) visit(value, 0);
  return [...fields].filter((field) => PERSONAL.test(field)).sort();
}

/** A value no report may carry, one per field, recognisable wherever it lands. */
const secretOf = (field: string) => `Secret-${field}-Ivanova +7 912 345-67-89`;

function eventWithEverywhere(fields: string[]): ErrorEvent {
  const record = Object.fromEntries(fields.map((field) => [field, secretOf(field)]));
  const asText = JSON.stringify(record);
  return {
    type: undefined,
    event_id: '0123456789abcdef0123456789abcdef',
    message: `Failed for ${asText}`,
    user: { id: '17', username: 'ivanova', email: 'ivanova@example.com', ip_address: '10.0.0.5' },
    tags: { f_code: 'f-0004', request_id: 'req-1', route: '/sorting', ...record },
    extra: { ...record, body: asText },
    contexts: {
      browser: { name: 'Chrome', version: '120' },
      state: { state: { type: 'redux', value: { ...record } } },
      app: { app_version: 'abc123', app_build: 'abc123', ...record },
    },
    breadcrumbs: [{ message: asText, data: record }],
    request: {
      url: `https://sorting.example/ru/sorting?token=${secretOf('token')}`,
      data: asText,
      cookies: { lkd_token: secretOf('cookie') },
      headers: { Cookie: `lkd_token=${secretOf('cookie')}`, Authorization: 'Bearer x' },
      query_string: `token=${secretOf('token')}`,
    },
    exception: {
      values: [
        {
          type: 'TypeError',
          value: `Cannot read ${asText}`,
          stacktrace: {
            frames: [
              {
                filename: `https://sorting.example/assets/app.js?token=${secretOf('token')}`,
                function: 'scan',
                lineno: 1,
                colno: 2,
                vars: record,
              },
            ],
          },
        },
      ],
    },
  };
}

describe('the error reports scrubber (beforeSend)', () => {
  const fields = personalFields();

  it('finds the personal fields of the contracts', () => {
    // The walk reaches the schemas: recipients, addresses, pincodes, payments and tokens.
    expect(fields).toEqual(
      expect.arrayContaining(['recipientName', 'Pincode', 'AddressTo', 'PaymentId', 'UserToken']),
    );
  });

  it('lets no personal field out, wherever an event carries it', () => {
    const scrubbed = JSON.stringify(scrubEvent(eventWithEverywhere(fields)));
    for (const field of fields) {
      expect(scrubbed, field).not.toContain(secretOf(field));
    }
    expect(scrubbed).not.toContain('Ivanova');
    expect(scrubbed).not.toContain('912');
    expect(scrubbed).not.toContain('ivanova');
    expect(scrubbed).not.toContain('10.0.0.5');
    expect(scrubbed).not.toContain('Bearer');
    expect(scrubbed).not.toContain('lkd_token');
  });

  it('keeps what a report is read by: ids, f-code, route, request id, browser, version, stack', () => {
    const scrubbed = scrubEvent(eventWithEverywhere(fields));
    expect(scrubbed.user).toEqual({ id: '17' });
    expect(scrubbed.tags).toEqual({ f_code: 'f-0004', request_id: 'req-1', route: '/sorting' });
    expect(scrubbed.contexts).toEqual({
      browser: { name: 'Chrome', version: '120' },
      app: { app_version: 'abc123', app_build: 'abc123' },
    });
    expect(scrubbed.request).toEqual({ url: 'https://sorting.example/ru/sorting' });
    const exception = scrubbed.exception?.values?.[0];
    expect(exception?.type).toBe('TypeError');
    expect(exception?.value).toMatch(/^Cannot read /);
    expect(exception?.stacktrace?.frames).toEqual([
      {
        filename: 'https://sorting.example/assets/app.js',
        function: 'scan',
        lineno: 1,
        colno: 2,
        in_app: undefined,
      },
    ]);
  });
});
