import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { VapidKeys } from '../config.ts';

export const VAPID_KEY_FILE = 'vapid.keys';

const isKeyPair = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string' &&
  Buffer.from((value as VapidKeys).publicKey, 'base64url').length === 65 &&
  Buffer.from((value as VapidKeys).privateKey, 'base64url').length === 32;

/**
 * The VAPID key pair pushes are signed with: from `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, else from
 * `DATA_DIR/vapid.keys`, made (mode 0600) on first start, as the data key is (auth/tokenCipher.ts):
 * written whole under a private name and linked into place, so processes starting together on one
 * folder share one pair, and a restart keeps it (a new pair would orphan every device's subscription).
 */
export function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, VAPID_KEY_FILE);
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  writeFileSync(draft, `${JSON.stringify({ publicKey, privateKey })}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const stored: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isKeyPair(stored)) throw new Error(`${path} does not hold a VAPID key pair`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
