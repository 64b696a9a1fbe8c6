/**
 * One id per user action (`X-Operation-Id`), 32 hex characters. Not `crypto.randomUUID`: it
 * exists only in secure contexts, and handhelds may open the app over plain http on the LAN.
 */
export function newOperationId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
