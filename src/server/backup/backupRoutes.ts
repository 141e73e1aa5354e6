import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkBackupSteps } from '../../domain/backup.ts';
import { backupMessages } from '../../domain/backupMessages.ts';
import type { AppEnv } from '../appEnv.ts';
import { MAX_BACKUP_BYTES, readJson } from '../http/body.ts';
import { type HeavyCalls, heavyCall, jsonAnswer, runInSlices } from '../http/fairShare.ts';
import { Refusal } from '../refusals.ts';
import type { BackupService } from './backupService.ts';

/** The accounts the broker reports for a trader now: a restore adds no other (accounts/accountBackup.ts). */
export type BrokerAccounts = (userId: string) => Promise<readonly { accountHash: string }[]>;

/** `GET /backup` downloads the journal, `POST /backup` restores one (docs/product.md, "Export and backup"). */
export function backupRoutes(
  backups: BackupService,
  now: () => Date,
  brokerAccounts: BrokerAccounts,
  heavy: HeavyCalls,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Each is one of the trader's heavy calls (http/fairShare.ts): one at a time, the restore's
  // turn taken before its body is read.
  app.get('/', heavyCall(heavy, 'backup'), async (c) => {
    const backup = await backups.export(c.get('user').id);
    const day = backup.exportedAt.slice(0, 10);
    c.header('Content-Disposition', `attachment; filename="trade-tracker-backup-${day}.json"`);
    return jsonAnswer(c, backup);
  });

  // The one body allowed past 1 MB (app.ts leaves this call to this limit).
  app.post(
    '/',
    heavyCall(heavy, 'restore'),
    bodyLimit({
      maxSize: MAX_BACKUP_BYTES,
      onError: (c) => c.json({ message: backupMessages.tooLarge }, 413, { Connection: 'close' }),
    }),
    async (c) => {
      // A slice of records at a time: other traders' requests run between the slices.
      const checked = await runInSlices(checkBackupSteps(await readJson(c), now()));
      if (!checked.ok) throw new Refusal('invalid', checked.message, checked.errors);
      const userId = c.get('user').id;
      const brokerHashes = async () => new Set((await brokerAccounts(userId)).map((a) => a.accountHash));
      return c.json(await backups.restore(userId, checked.value, brokerHashes));
    },
  );
  return app;
}
