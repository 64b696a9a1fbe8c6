import { describe, expect, it } from 'vitest';
import { hashBadgeToken, hashPassword, verifyPassword } from './credentials.js';

describe('credentials', () => {
  it('hashes a password with a fresh salt and verifies it', async () => {
    const first = await hashPassword('demo-admin');
    const second = await hashPassword('demo-admin');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('demo-admin', first)).toBe(true);
    expect(await verifyPassword('demo-admin ', first)).toBe(false);
    expect(await verifyPassword('demo-admin', 'plain-text')).toBe(false);
    expect(await verifyPassword('demo-admin', 'scrypt$x$8$1$abc$def')).toBe(false);
  });

  it('hashes a badge token as sha256 hex of the scanned text', () => {
    expect(hashBadgeToken('~W1001-7KQ2')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashBadgeToken('~W1001-7KQ2')).toBe(hashBadgeToken('~W1001-7KQ2'));
    expect(hashBadgeToken('~W1001-7KQ2')).not.toBe(hashBadgeToken('~W1002-3MX8'));
  });
});
