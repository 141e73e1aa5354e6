import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/database.ts';

/**
 * Migrating a fresh PGlite takes seconds; copying a migrated folder takes a fraction of that.
 * Each test file starts from a copy of this template (see harness.ts), still its own database.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const template = mkdtempSync(join(tmpdir(), 'tt-template-'));
  const handle = await openDatabase({ dataDir: template });
  await handle.close();
  process.env.TT_PGLITE_TEMPLATE = template;
  return () => rmSync(template, { recursive: true, force: true });
}
