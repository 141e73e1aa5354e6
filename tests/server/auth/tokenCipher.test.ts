import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTokenCipher,
  DATA_KEY_FILE,
  loadDataKey,
  parseDataKey,
} from '../../../src/server/auth/tokenCipher.ts';

const key = Buffer.alloc(32, 1);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tt-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the token cipher (AES-256-GCM)', () => {
  const cipher = createTokenCipher(key);

  it('round-trips, with a fresh IV each time and no plaintext in the output', () => {
    const a = cipher.encrypt('{"accessToken":"secret-token"}', 'user-1');
    const b = cipher.encrypt('{"accessToken":"secret-token"}', 'user-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-token');
    expect(cipher.decrypt(a, 'user-1')).toBe('{"accessToken":"secret-token"}');
  });

  it('refuses another key, another user, and any altered byte', () => {
    const stored = cipher.encrypt('secret', 'user-1');
    expect(() => createTokenCipher(Buffer.alloc(32, 2)).decrypt(stored, 'user-1')).toThrow();
    expect(() => cipher.decrypt(stored, 'user-2')).toThrow();
    const parts = stored.split('.');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), 'user-1')).toThrow();
    expect(() => cipher.decrypt('{"accessToken":"plain"}', 'user-1')).toThrow(/Not an encrypted token/);
  });
});

describe('the data key', () => {
  it('reads DATA_KEY as 64 hex digits or base64 of 32 bytes, and nothing else', () => {
    expect(parseDataKey('01'.repeat(32))).toEqual(Buffer.alloc(32, 1));
    expect(parseDataKey(Buffer.alloc(32, 3).toString('base64'))).toEqual(Buffer.alloc(32, 3));
    expect(parseDataKey('too short')).toBeUndefined();
    expect(parseDataKey(Buffer.alloc(16).toString('base64'))).toBeUndefined();
  });

  it('creates a 0600 key file on first start and reuses it afterwards', () => {
    const dir = tempDir();
    const first = loadDataKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, DATA_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadDataKey(undefined, dir)).toEqual(first);
    expect(readFileSync(join(dir, DATA_KEY_FILE), 'utf8').trim()).toBe(first.toString('hex'));
  });

  it('prefers DATA_KEY and then writes no file', () => {
    const dir = tempDir();
    expect(loadDataKey(key, dir)).toBe(key);
    expect(() => statSync(join(dir, DATA_KEY_FILE))).toThrow();
  });
});
