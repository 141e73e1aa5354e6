import { join } from 'node:path';
import webpush from 'web-push';
import { readOrCreatePrivateFile } from '../privateFile.ts';

export const VAPID_KEY_FILE = 'vapid.keys';

export interface VapidKeys {
  /** base64url: an uncompressed P-256 point (65 bytes). */
  publicKey: string;
  /** base64url: the 32-byte private scalar. */
  privateKey: string;
}

const isKeyPair = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string' &&
  Buffer.from((value as VapidKeys).publicKey, 'base64url').length === 65 &&
  Buffer.from((value as VapidKeys).privateKey, 'base64url').length === 32;

/**
 * The VAPID key pair pushes are signed with: from `VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, else from
 * `DATA_DIR/vapid.keys`, made once like the data key (src/server/privateFile.ts), so processes
 * starting together on one folder share one pair, and a restart keeps it (a new pair would orphan
 * every device's subscription).
 */
export function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const text = readOrCreatePrivateFile(dataDir, VAPID_KEY_FILE, () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    return `${JSON.stringify({ publicKey, privateKey })}\n`;
  });
  const stored: unknown = JSON.parse(text);
  if (!isKeyPair(stored)) throw new Error(`${join(dataDir, VAPID_KEY_FILE)} does not hold a VAPID key pair`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
