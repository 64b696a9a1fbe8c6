import { describe, expect, it } from 'vitest';
import {
  RECORD_SEPARATOR,
  closeMessage,
  completion,
  formatRecord,
  readHandshake,
  readMessage,
  splitRecords,
} from './signalr-protocol.js';

describe('SignalR JSON hub protocol', () => {
  it('splits a frame into records and keeps an unfinished tail for the next frame', () => {
    const frame = `{"type":6}${RECORD_SEPARATOR}{"type":1,"target":"A"}${RECORD_SEPARATOR}{"ty`;
    expect(splitRecords(frame)).toEqual({
      records: ['{"type":6}', '{"type":1,"target":"A"}'],
      rest: '{"ty',
    });
    expect(splitRecords(`pe":6}${RECORD_SEPARATOR}`)).toEqual({ records: ['pe":6}'], rest: '' });
  });

  it('accepts only the json protocol, version 1, in the handshake', () => {
    expect(readHandshake('{"protocol":"json","version":1}')).toEqual({ error: null });
    expect(readHandshake('{"protocol":"messagepack","version":1}').error).toContain('messagepack');
    expect(readHandshake('{"protocol":"json","version":2}').error).toContain('version 2');
    expect(readHandshake('not json').error).not.toBeNull();
  });

  it('reads only JSON objects with a numeric type', () => {
    expect(readMessage('{"type":1,"target":"Notify","arguments":[]}')).toMatchObject({ type: 1 });
    expect(readMessage('{"target":"Notify"}')).toBeNull();
    expect(readMessage('[1]')).toBeNull();
    expect(readMessage('{')).toBeNull();
  });

  it('writes completions without a result for void methods, and close messages', () => {
    expect(formatRecord(completion('1', { result: undefined }))).toBe(
      `{"type":3,"invocationId":"1"}${RECORD_SEPARATOR}`,
    );
    expect(completion('2', { result: { jobId: 'j' } })).toEqual({
      type: 3,
      invocationId: '2',
      result: { jobId: 'j' },
    });
    expect(completion('3', { error: 'no' })).toEqual({ type: 3, invocationId: '3', error: 'no' });
    expect(closeMessage({ allowReconnect: true })).toEqual({ type: 7, allowReconnect: true });
  });
});
