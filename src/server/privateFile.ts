import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The text of `dataDir/name`, made with `make` (mode 0600) when the file is not there yet. It is
 * written whole under a private name, then linked into place: link() fails if the file exists, so
 * a second process starting at once never reads a half-written file nor replaces the first one's
 * (auth/tokenCipher.ts's data key, alerts/vapidKeys.ts's key pair).
 */
export function readOrCreatePrivateFile(dataDir: string, name: string, make: () => string): string {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, name);
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, make(), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(path, 'utf8');
}
