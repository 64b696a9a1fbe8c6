import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// The organisation's document signature (docs/DECISIONS.md "Document flow"): Ed25519
// with node:crypto. The key comes from DOCUMENT_SIGNING_KEY or, for the demo, from a PEM file
// in DATA_DIR made on first use.

/** The file of the demo's key in DATA_DIR. */
export const SIGNING_KEY_FILE = 'document-signing-key.pem';

export interface DocumentSigner {
  algorithm: 'Ed25519';
  /** sha256 of the public key (SPKI DER), hex: which key made a signature. */
  keyId: string;
  /** The public key (SPKI PEM), to verify a signature with. */
  publicKeyPem: string;
  /** The Ed25519 signature of the text's UTF-8 bytes, base64. */
  sign(content: string): string;
}

/** A private key from PEM text, or from base64 of its PKCS#8 DER. */
function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPrivateKey(trimmed);
  return createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
}

/** The demo's key: read from DATA_DIR, or made there once (another process may race us). */
function keyFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  // Written aside, then linked into place: a link never replaces a file, so of two processes
  // making a key at once one wins and the other reads the winner's.
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, pem, { mode: 0o600 });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * The signer of the configured key (an Ed25519 private key, else an error at start), made
 * lazily from DATA_DIR when no key is configured, so a server that never signs writes nothing.
 */
export function createDocumentSigner(options: {
  signingKey: string | null;
  dataDir: string;
}): () => DocumentSigner {
  let signer: DocumentSigner | null = null;
  const make = (): DocumentSigner => {
    const privateKey = parsePrivateKey(options.signingKey ?? keyFromDataDir(options.dataDir));
    if (privateKey.asymmetricKeyType !== 'ed25519') {
      throw new Error(
        `DOCUMENT_SIGNING_KEY must be an Ed25519 private key, not ${privateKey.asymmetricKeyType}`,
      );
    }
    const publicKey = createPublicKey(privateKey);
    const der = publicKey.export({ format: 'der', type: 'spki' });
    return {
      algorithm: 'Ed25519',
      keyId: createHash('sha256').update(der).digest('hex'),
      publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      sign: (content) => sign(null, Buffer.from(content, 'utf8'), privateKey).toString('base64'),
    };
  };
  // A configured key is checked at start; the demo's file only when first needed.
  if (options.signingKey !== null) signer = make();
  return () => (signer ??= make());
}
