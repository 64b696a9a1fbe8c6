import { describe, expect, it } from 'vitest';
import {
  RECORD_SEPARATOR,
  RecordReader,
  closeMessage,
  completion,
  formatRecord,
  readHandshake,
  readMessage,
} from './signalr-protocol.js';

describe('SignalR JSON hub protocol', () => {
  it('splits frames into records and keeps an unfinished tail for the next frame', () => {
    const reader = new RecordReader(1024);
    const frame = `{"type":6}${RECORD_SEPARATOR}{"type":1,"target":"A"}${RECORD_SEPARATOR}{"ty`;
    expect(reader.read(Buffer.from(frame))).toEqual(['{"type":6}', '{"type":1,"target":"A"}']);
    expect(reader.read(Buffer.from('pe":'))).toEqual([]);
    expect(reader.read(Buffer.from(`6}${RECORD_SEPARATOR}`))).toEqual(['{"type":6}']);
    // Cyrillic text split across frames is decoded whole.
    expect(reader.read(Buffer.from('"Зебра'))).toEqual([]);
    expect(reader.read(Buffer.from(` у стола"${RECORD_SEPARATOR}`))).toEqual(['"Зебра у стола"']);
  });

  it('refuses a record that outgrows the limit, counted in bytes across frames', () => {
    const atLimit = new RecordReader(8);
    expect(atLimit.read(Buffer.from('1234'))).toEqual([]);
    expect(atLimit.read(Buffer.from(`5678${RECORD_SEPARATOR}`))).toEqual(['12345678']);
    expect(atLimit.read(Buffer.from('12345'))).toEqual([]);
    expect(atLimit.read(Buffer.from('6789'))).toBeNull();

    const ended = new RecordReader(8);
    expect(ended.read(Buffer.from('12345'))).toEqual([]);
    expect(ended.read(Buffer.from(`6789${RECORD_SEPARATOR}`))).toBeNull();
    // Four Cyrillic letters are eight bytes.
    expect(new RecordReader(8).read(Buffer.from(`абвг${RECORD_SEPARATOR}`))).toEqual(['абвг']);
    expect(new RecordReader(8).read(Buffer.from('абвгд'))).toBeNull();
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
