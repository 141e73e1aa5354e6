import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreatePrivateFile } from '../privateFile.ts';

/**
 * Broker tokens at rest: AES-256-GCM, a fresh 12-byte IV per write, and the user id as
 * associated data so a ciphertext copied onto another user's row does not decrypt.
 */
export interface TokenCipher {
  encrypt(plain: string, userId: string): string;
  /** Throws when the key is wrong or the text was altered. */
  decrypt(stored: string, userId: string): string;
}

const VERSION = 'v1';
export const DATA_KEY_FILE = 'data.key';

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The data key must be 32 bytes');
  return {
    encrypt(plain, userId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map(encode).join('.');
    },
    decrypt(stored, userId) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) {
        throw new Error('Not an encrypted token');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

const encode = (part: string | Buffer) => (typeof part === 'string' ? part : part.toString('base64url'));

/** `DATA_KEY` as 64 hex digits or base64 of 32 bytes; undefined when it is neither. */
export function parseDataKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * The key from `DATA_KEY`, else from `DATA_DIR/data.key`, created (mode 0600) on first start.
 * Two processes starting at once on one folder end up with the same key.
 */
export function loadDataKey(dataKey: Buffer | undefined, dataDir: string): Buffer {
  if (dataKey) return dataKey;
  const key = parseDataKey(
    readOrCreatePrivateFile(dataDir, DATA_KEY_FILE, () => `${randomBytes(32).toString('hex')}\n`),
  );
  if (!key) throw new Error(`${join(dataDir, DATA_KEY_FILE)} does not hold a 32-byte key`);
  return key;
}
