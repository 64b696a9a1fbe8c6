import {
  RETURNS_ROUTES,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  fillPath,
  type TReturnImageRequest,
  type TReturnPhoto,
} from '@sorting/contracts';
import { buildUrl, toApiResult, type ApiClient } from '../../lib/api-client';
import { newOperationId } from '../../lib/operation-id';
import type { CallResult, ReturnsPorts, UploadPhotoInput } from './returns.machine';

/** The returns calls the screen makes (spec part 1 §7 "Returns and returnable boxes"). */
export type ReturnsCalls = Pick<
  ReturnsPorts,
  'loadPolicies' | 'uploadPhoto' | 'deletePhoto' | 'acceptReturn'
>;

/** A data URL of a chosen file (`data:image/…;base64,…`, the prefix the call allows). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The subset of XMLHttpRequest the upload uses (tests give a fake). */
export type CreateXhr = () => XMLHttpRequest;

/**
 * `RETURNS_ROUTES.uploadPhoto` through XMLHttpRequest: fetch has no upload progress, and
 * the worker on a slow hall Wi-Fi should see a photo of several MB go up. Resolves to the
 * envelope like the API client; rejects on a network failure or abort.
 */
export function uploadWithProgress(
  url: string,
  body: string,
  input: Pick<UploadPhotoInput, 'onProgress' | 'signal'>,
  createXhr: CreateXhr,
): Promise<CallResult<TReturnPhoto>> {
  return new Promise((resolve, reject) => {
    // Cancelled while the file was being read: nothing is sent.
    if (input.signal.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = createXhr();
    xhr.open(RETURNS_ROUTES.uploadPhoto.method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/json');
    // CSRF defence, as every write of the API client.
    xhr.setRequestHeader(REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      input.onProgress(1);
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        parsed = xhr.responseText;
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      resolve(toApiResult<TReturnPhoto>(xhr.status, ok, xhr.statusText, parsed));
    };
    xhr.onerror = () => reject(new TypeError('Upload failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    input.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The returns calls over the API client; `getBase` is the `returns` service base path. */
export function createReturnsService(
  api: ApiClient,
  getBase: () => Promise<string>,
  createXhr: CreateXhr = () => new XMLHttpRequest(),
): ReturnsCalls {
  return {
    loadPolicies: ({ warehouseCode, parcelBarcode }) =>
      api.call(RETURNS_ROUTES.policies, { body: { warehouseCode, parcelBarcode } }),
    uploadPhoto: async ({ barcode, file, onProgress, signal }) => {
      // The page hands the machine browser Files; the machine only reads name and size.
      if (!(file instanceof Blob)) throw new TypeError('A photo must be a file');
      const fileData = await readAsDataUrl(file);
      const url = buildUrl(await getBase(), fillPath(RETURNS_ROUTES.uploadPhoto.path));
      const request: TReturnImageRequest = { barcode, fileData, fileName: file.name };
      return uploadWithProgress(url, JSON.stringify(request), { onProgress, signal }, createXhr);
    },
    // Each deletion is one user action (the worker removes one photo).
    deletePhoto: (id) =>
      api.call(RETURNS_ROUTES.deletePhoto, { params: { id }, operationId: newOperationId() }),
    acceptReturn: ({ payload, operationId }) =>
      api.call(RETURNS_ROUTES.accept, { body: payload, operationId }),
  };
}
