import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { createReturnsService } from './returns.service';

/** Just enough of XMLHttpRequest to see what the upload sends and to answer it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: string | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  isAborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: string) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const api = createApiClient({
  fetch: () => Promise.reject(new Error('not used')),
  getServiceBase: () => '',
});

function service() {
  return createReturnsService(
    api,
    async () => '/base',
    () => new FakeXhr() as unknown as XMLHttpRequest,
  );
}

describe('returns service: photo upload with progress', () => {
  it('posts the photo as a data URL with credentials and the CSRF header; progress and the envelope come back', async () => {
    const fractions: number[] = [];
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'act.png', {
      type: 'image/png',
    });
    const answer = service().uploadPhoto({
      barcode: 'P300010',
      file,
      onProgress: (fraction) => fractions.push(fraction),
      signal: new AbortController().signal,
    });
    await expect.poll(() => FakeXhr.last?.body ?? null).not.toBeNull();
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/base/returns-api/return/image');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-Requested-With']).toBe('sorting');
    expect(JSON.parse(xhr.body ?? '')).toEqual({
      barcode: 'P300010',
      fileData: 'data:image/png;base64,iVBORw==',
      fileName: 'act.png',
    });
    xhr.progress(50, 200);
    xhr.answer(200, {
      IsSuccess: false,
      Message: 'Файл не изображение',
      ErrorCode: 415,
      IsCriticalError: false,
      IsRepeat: false,
      OperationObject: null,
    });
    expect(await answer).toMatchObject({ isSuccess: false, errorCode: 415, status: 200 });
    expect(fractions).toEqual([0.25, 1]);
  });

  it('an abort (cancel of the flow) stops the request and rejects', async () => {
    FakeXhr.last = null;
    const controller = new AbortController();
    const answer = service().uploadPhoto({
      barcode: 'P300010',
      file: new File(['x'], 'a.png'),
      onProgress: () => undefined,
      signal: controller.signal,
    });
    await expect.poll(() => FakeXhr.last?.body ?? null).not.toBeNull();
    controller.abort();
    await expect(answer).rejects.toThrow('Aborted');
    expect((FakeXhr.last as FakeXhr | null)?.isAborted).toBe(true);

    // Aborted while the file is still being read: no request at all.
    FakeXhr.last = null;
    const early = new AbortController();
    const never = service().uploadPhoto({
      barcode: 'P300010',
      file: new File(['x'], 'b.png'),
      onProgress: () => undefined,
      signal: early.signal,
    });
    early.abort();
    await expect(never).rejects.toThrow('Aborted');
    expect(FakeXhr.last).toBeNull();
  });
});
