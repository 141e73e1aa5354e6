import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkBackup } from '../../domain/backup.ts';
import { backupMessages } from '../../domain/backupMessages.ts';
import type { AppEnv } from '../appEnv.ts';
import { MAX_BACKUP_BYTES, readJson } from '../http/body.ts';
import { Refusal } from '../refusals.ts';
import type { BackupService } from './backupService.ts';

/** `GET /backup` downloads the journal, `POST /backup` restores one (docs/product.md, "Export and backup"). */
export function backupRoutes(backups: BackupService, now: () => Date): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const backup = await backups.export(c.get('user').id);
    const day = backup.exportedAt.slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="trade-tracker-backup-${day}.json"`);
    return c.json(backup);
  });

  // The one body allowed past 1 MB (app.ts leaves this call to this limit).
  app.post(
    '/',
    bodyLimit({
      maxSize: MAX_BACKUP_BYTES,
      onError: (c) => c.json({ message: backupMessages.tooLarge }, 413, { Connection: 'close' }),
    }),
    async (c) => {
      const checked = checkBackup(await readJson(c), now());
      if (!checked.ok) throw new Refusal('invalid', checked.message, checked.errors);
      return c.json(await backups.restore(c.get('user').id, checked.value));
    },
  );
  return app;
}
