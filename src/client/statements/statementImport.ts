// Trades → "Import statement" (docs/product.md, "Importing statements"): the file is read on this
// device, previewed against the cached fills of the account, and imported on the one write path.
import { balanceEffect, type StatementBalanceAnswer } from '../../domain/statements/balances.ts';
import {
  accountByDigits,
  digitsOf,
  fileAccounts,
  onlyAccount,
} from '../../domain/statements/fileAccounts.ts';
import { type ImportPlan, planImport } from '../../domain/statements/importPlan.ts';
import { mappingFits, type StatementMapping } from '../../domain/statements/mapping.ts';
import type {
  SkippedRow,
  StatementFormatId,
  StatementImportAnswer,
} from '../../domain/statements/statement.ts';
import { STATEMENT_MAPPINGS_MAX } from '../../domain/statements/statementTexts.ts';
import type { TraderSettings } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { rebuildTrades } from '../db/rebuildTrades.ts';
import { saveSettings } from '../settings/settingsMutations.ts';
import { type SaveOutcome, submitChange } from '../sync/outbox.ts';
import { syncNow } from '../sync/sync.ts';
import type { ReadWithHeader } from './readWithHeader.ts';

/** What the preview shows of a file read in a format, against one account's cached fills. */
export interface StatementPreview {
  format: StatementFormatId;
  name: string;
  plan: ImportPlan;
  skipped: SkippedRow[];
  /** The file's first row: a saved mapping that fits it is the one to change. */
  header: string[];
  /** The account's value the file carries, and what importing it does to the account. */
  balance: StatementBalanceAnswer | null;
  /** The broker accounts the file's fills name (src/domain/statements/fileAccounts.ts). */
  brokerAccounts: string[];
  /** The one of them imported when there are several (the others' fills skipped); else null. */
  brokerAccount: string | null;
}

export type PreviewResult = ({ ok: true } & StatementPreview) | Extract<ReadWithHeader, { ok: false }>;

/** A file's text, saying how much of it is read as it goes (a large file takes a moment). */
export function readText(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * The statement's fills and skipped rows, read off the page's thread when the browser has workers
 * (a 10,000-row file takes a while, and the page stays responsive), else here.
 */
export function readOnDevice(
  text: string,
  format: StatementFormatId | 'auto',
  mappings: readonly StatementMapping[],
): Promise<ReadWithHeader> {
  if (typeof Worker === 'undefined')
    return import('./readWithHeader.ts').then((r) => r.readWithHeader(text, format, mappings));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./statementWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<ReadWithHeader>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage({ text, format, mappings });
  });
}

/**
 * What importing `read` into the account would do, by the same rule as the server (planImport). A
 * file of several broker accounts is read for one of them: `brokerAccount` when the trader chose
 * it, else the one ending with the account's digits, else the first.
 */
export async function previewImport(
  whole: ReadWithHeader,
  accountId: string,
  brokerAccount?: string,
): Promise<PreviewResult> {
  if (!whole.ok) return whole;
  const account = await db.accounts.get(accountId);
  const brokerAccounts = fileAccounts(whole.fills);
  const chosen =
    brokerAccounts.length <= 1
      ? null
      : brokerAccount !== undefined && brokerAccounts.includes(brokerAccount)
        ? brokerAccount
        : ((account && accountByDigits(brokerAccounts, digitsOf(account))) ?? (brokerAccounts[0] as string));
  const read = chosen === null ? whole : onlyAccount(whole, chosen);
  const held = await db.executions.where('accountId').equals(accountId).toArray();
  const now = new Date();
  const plan = planImport(read.fills, accountId, held, now.toISOString());
  const balance =
    read.balance && account ? { ...read.balance, effect: balanceEffect(account, read.balance, now) } : null;
  const { format, name, skipped, header } = read;
  return { ok: true, format, name, plan, skipped, header, balance, brokerAccounts, brokerAccount: chosen };
}

/** The import's outcome as the summary shows it: the server's counts, or this device's while queued. */
export interface ImportSummary {
  outcome: SaveOutcome;
  added: number;
  alreadyHere: number;
  skipped: number;
  /** The balance the server set or kept; this device's expectation while queued. */
  balance: StatementBalanceAnswer | null;
}

/**
 * Imports the previewed file: online the server reads the same text (its answer is the summary);
 * offline the preview's fills are applied here at once, the trades rebuilt as for a manual fill,
 * and the import queued, sent once when back online (src/client/sync/outbox.ts drops the fills it did not add).
 */
export async function importStatement(
  file: { name: string; text: string },
  accountId: string,
  preview: StatementPreview,
): Promise<ImportSummary> {
  let answer: StatementImportAnswer | undefined;
  const { plan } = preview;
  const outcome = await submitChange(
    {
      collection: 'executions',
      method: 'POST',
      path: `/fills/import?${new URLSearchParams({
        account: accountId,
        format: preview.format,
        ...(preview.brokerAccount === null ? {} : { brokerAccount: preview.brokerAccount }),
      })}`,
      body: file.text,
      contentType: 'text/csv',
      localIds: plan.add.map((fill) => fill.id),
      label: `Import statement ${file.name}`,
      recordId: crypto.randomUUID(),
      heard: (a) => {
        answer = a as StatementImportAnswer;
      },
    },
    async () => {
      await db.executions.bulkPut(plan.add.map((fill) => ({ ...fill, pendingSync: true as const })));
      await rebuildTrades();
    },
  );
  if (outcome === 'saved') await syncNow();
  return answer
    ? {
        outcome,
        added: answer.added,
        alreadyHere: answer.alreadyHere,
        skipped: answer.skipped.length,
        balance: answer.balance ?? null,
      }
    : {
        outcome,
        added: plan.add.length,
        alreadyHere: plan.alreadyHere.length,
        skipped: preview.skipped.length,
        balance: preview.balance,
      };
}

/**
 * Keeps a column mapping in the trader's settings, in place of one made for the same header; the
 * oldest goes past the limit. Saved like every setting, so offline too, and before the import it
 * serves is sent (the outbox keeps order): the server reads the file with it.
 */
export function saveMapping(current: TraderSettings, mapping: StatementMapping): Promise<SaveOutcome> {
  const others = current.statementMappings.filter((m) => !mappingFits(m, mapping.header));
  return saveSettings(current, {
    statementMappings: [...others, mapping].slice(-STATEMENT_MAPPINGS_MAX),
  });
}
