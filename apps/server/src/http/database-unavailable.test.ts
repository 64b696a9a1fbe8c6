import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('timeout exceeded when trying to connect')],
    ['admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['cannot connect now', withCode('the database system is starting up', '57P03')],
    ['connection failure class 08', withCode('connection failure', '08006')],
    [
      'wrapped by drizzle',
      new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ],
    ['aggregate', new AggregateError([withCode('x', 'ECONNREFUSED')], 'all attempts failed')],
  ])('%s → unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['syntax error', withCode('syntax error at or near "x"', '42601')],
    ['unique violation', withCode('duplicate key value', '23505')],
    ['append-only events', withCode('events are append-only: DELETE is not allowed', '42501')],
    ['plain error', new Error('boom')],
    ['not an error', 'ECONNRESET'],
    ['null', null],
  ])('%s → not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives a cause cycle', () => {
    const first = new Error('a');
    const second = new Error('b', { cause: first });
    Object.assign(first, { cause: second });
    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});
