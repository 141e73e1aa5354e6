import { CSV_LINE_END, type CsvColumn, csvHeader, csvRow } from '../../domain/csv.ts';
import {
  type CsvExportKind,
  csvFileName,
  executionColumns,
  tradeColumns,
  tradePlanColumns,
} from '../../domain/csvExports.ts';
import { db } from '../db/db.ts';
import { localDay, nextFrame, saveFile } from './files.ts';

/** Rows written between two paints of the progress bar. */
const ROWS_PER_CHUNK = 1000;

interface Export<T> {
  columns: CsvColumn<T>[];
  rows: T[];
}

/** The rows and columns of one export, read from the cache (so it works offline). */
async function exportOf(kind: CsvExportKind): Promise<Export<unknown>> {
  switch (kind) {
    case 'tradePlans': {
      const [plans, setups, edges] = await Promise.all([
        db.tradePlans.toArray(),
        db.tradeSetups.toArray(),
        db.edges.toArray(),
      ]);
      plans.sort((a, b) => a.stock.localeCompare(b.stock) || a.createdAt.localeCompare(b.createdAt));
      return { columns: tradePlanColumns({ setups, edges }), rows: plans } as Export<unknown>;
    }
    case 'trades': {
      const [trades, plans, setups, accounts] = await Promise.all([
        db.trades.toArray(),
        db.tradePlans.toArray(),
        db.tradeSetups.toArray(),
        db.accounts.toArray(),
      ]);
      trades.sort((a, b) => a.openedAt.localeCompare(b.openedAt) || a.key.localeCompare(b.key));
      return { columns: tradeColumns({ setups, plans, accounts }), rows: trades } as Export<unknown>;
    }
    case 'executions': {
      const [executions, accounts] = await Promise.all([db.executions.toArray(), db.accounts.toArray()]);
      executions.sort((a, b) => a.executedAt.localeCompare(b.executedAt) || a.id.localeCompare(b.id));
      return { columns: executionColumns({ accounts }), rows: executions } as Export<unknown>;
    }
  }
}

/**
 * Builds one CSV file from the cache and saves it, reporting rows done as it goes. A UTF-8 byte
 * order mark opens it: without one, a spreadsheet reads "Été" as "Ã‰tÃ©".
 */
export async function exportCsv(
  kind: CsvExportKind,
  onProgress: (done: number, total: number) => void,
): Promise<string> {
  const { columns, rows } = await exportOf(kind);
  const lines: string[] = [csvHeader(columns) + CSV_LINE_END];
  onProgress(0, rows.length);
  for (let i = 0; i < rows.length; i += ROWS_PER_CHUNK) {
    for (const row of rows.slice(i, i + ROWS_PER_CHUNK)) lines.push(csvRow(columns, row) + CSV_LINE_END);
    onProgress(Math.min(rows.length, i + ROWS_PER_CHUNK), rows.length);
    await nextFrame();
  }
  const name = csvFileName(kind, localDay());
  saveFile(name, ['\uFEFF', ...lines], 'text/csv;charset=utf-8');
  return name;
}
