import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Secrets are stored only as hashes (architecture "Data and identity").
 *
 * Password hash format: `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`, a 16-byte
 * random salt and a 64-byte key from node:crypto scrypt. The parameters travel with the hash,
 * so they can be raised later without invalidating stored passwords.
 *
 * Badge tokens are long random barcodes printed on a badge, so a fast unsalted sha256 (hex) is
 * enough and lets the sign-in look the user up by an indexed equality.
 */
const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;

function deriveKey(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  keyLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password into the self-describing scrypt format above. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const key = await deriveKey(password, salt, SCRYPT, SCRYPT.keyLength);
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when the password matches a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((value) => Number.isInteger(value) && value > 0)) {
    return false;
  }
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await deriveKey(
    password,
    Buffer.from(saltText, 'base64url'),
    params,
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** The stored form of a badge token: sha256 hex of the barcode exactly as scanned. */
export function hashBadgeToken(barcode: string): string {
  return createHash('sha256').update(barcode, 'utf8').digest('hex');
}

/** Crockford base32: no I, L, O, U, so a badge read aloud or typed is not misread. */
const BADGE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new badge barcode: '~' (spec part 1 §4, a user barcode) and 20 random base32 characters,
 * 100 bits, printable ASCII for Code128 and free of characters a Russian keyboard layout
 * would change other than letters (which the scan recognition converts back).
 */
export function generateBadgeToken(): string {
  const bytes = randomBytes(20);
  let token = '~';
  for (const byte of bytes) token += BADGE_ALPHABET[byte & 31];
  return token;
}

/** A new agent key: 32 random bytes, base64url (43 characters), shown to the operator once. */
export function createAgentKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of an agent key: sha256 hex, so the lookup is an indexed equality. */
export function hashAgentKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The key of a login's sign-in failures from anywhere (sign_in_attempts; `<it>@<source>` is
 * from one source): a hash, so the table never holds a login. Here, not in the auth module,
 * because the users module clears it when an administrator unlocks a user.
 */
export function loginThrottleKey(login: string): string {
  return `login:${createHash('sha256').update(login.trim().toLowerCase(), 'utf8').digest('hex')}`;
}
