import { createHash, randomBytes } from 'node:crypto';

/** A new agent key: 32 random bytes, base64url (43 characters), shown to the operator once. */
export function createAgentKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of an agent key: sha256 hex, so the lookup is an indexed equality. */
export function hashAgentKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
