// What the trader attached to trades, in a backup (docs/product.md, "Export and backup"), under
// the trade's key. The key names the account, so it moves to the account's id in this journal;
// an annotation the import stored and nobody edited since is filled from the backup.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { backupMessages } from '../../domain/backupMessages.ts';
import { messages } from '../../domain/messages.ts';
import {
  annotationRecord,
  isUntouchedAnnotation,
  type StoredAnnotation,
  sameAnnotation,
} from '../../domain/tradeAnnotation.ts';
import { rekeyAnnotation, splitTradeKey } from '../../domain/tradeKeys.ts';
import type { BackupAdapter } from '../db/backupAdapter.ts';
import { inChunks, inPages } from '../db/chunks.ts';
import { serverColumnsOf } from '../db/rows.ts';
import { tradeAnnotations } from '../db/schema.ts';
import { annotationRow, toAnnotation } from './annotationRepository.ts';

export const annotationBackup: BackupAdapter<'tradeAnnotations'> = {
  collection: 'tradeAnnotations',
  table: tradeAnnotations,
  covers: [
    {
      table: tradeAnnotations,
      fields: Object.keys(annotationRecord.schema),
      leftOut: serverColumnsOf(tradeAnnotations),
    },
  ],

  async read(q, userId) {
    const rows = await inPages(q, {
      table: tradeAnnotations,
      key: 'key',
      where: eq(tradeAnnotations.userId, userId),
      order: [asc(tradeAnnotations.key)],
    });
    return rows.map(toAnnotation);
  },

  async decide(step, records) {
    const annotations = records.map((a) => {
      const accountId = splitTradeKey(a.key)?.accountId ?? '';
      return { ...a, key: rekeyAnnotation(a.key, step.accountIds.get(accountId) ?? accountId) };
    });
    const rows = await inChunks(
      annotations.map((a) => a.key),
      (keys) => step.q.select().from(tradeAnnotations).where(inArray(tradeAnnotations.key, keys)),
    );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const inserts: StoredAnnotation[] = [];
    const updates: StoredAnnotation[] = [];
    let skipped = 0;
    annotations.forEach((a, index) => {
      const row = byKey.get(a.key);
      if (!row) inserts.push(a);
      else if (row.userId !== step.userId) step.conflict(index, 'key', messages.idInUse);
      else if (sameAnnotation(a, toAnnotation(row))) skipped++;
      else if (isUntouchedAnnotation(toAnnotation(row))) updates.push(a);
      else step.conflict(index, 'key', backupMessages.idHoldsOther);
    });
    return {
      inserts: inserts.map((a) => annotationRow(step.userId, a)),
      updates: updates.map((a) => {
        const { key, createdAt: _kept, ...fields } = annotationRow(step.userId, a);
        return {
          set: fields,
          where: and(eq(tradeAnnotations.key, key), eq(tradeAnnotations.userId, step.userId))!,
        };
      }),
      skipped,
    };
  },
};
