import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { BACKUP_ADAPTERS, NOT_BACKED_UP } from '../../src/server/backup/backupService.ts';
import * as schema from '../../src/server/db/schema.ts';

// Nothing ties a backup to the schema but this: every table of src/server/db/schema.ts is an
// adapter's (and each of its columns a field of the record's struct, or left out with why), or
// named as not backed up with why. A new column or table fails here until someone decides.

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, Table),
);
const covers = BACKUP_ADAPTERS.flatMap((adapter) => adapter.covers.map((c) => ({ ...c, adapter })));

describe('the backup covers the schema', () => {
  it('finds the tables of the schema', () => {
    expect(tables.map(getTableName)).toContain('trade_plans');
    expect(tables.length).toBeGreaterThan(8);
  });

  it.each(tables.map((table) => [getTableName(table), table] as const))(
    '%s is backed up by an adapter or left out with a reason',
    (_name, table) => {
      const owners = covers.filter((c) => c.table === table);
      const reason = NOT_BACKED_UP.get(table);
      expect(owners.length + (reason === undefined ? 0 : 1), 'exactly one of: an adapter, a reason').toBe(1);
      if (reason !== undefined) expect(reason.length).toBeGreaterThan(10);
    },
  );

  it.each(covers.map((c) => [`${c.adapter.collection}: ${getTableName(c.table)}`, c] as const))(
    '%s: every column is a field of the record, held under one, or left out with a reason',
    (_name, { table, fields, heldAs = {}, leftOut }) => {
      const columns = Object.keys(getTableColumns(table));
      const unaccounted = columns.filter(
        (column) =>
          !fields.includes(column) &&
          !(column in leftOut) &&
          !(column in heldAs && fields.includes(heldAs[column] as string)),
      );
      expect(unaccounted, 'columns neither backed up nor left out').toEqual([]);
      // No stale entries: what is left out or held elsewhere is a column of the table.
      expect([...Object.keys(leftOut), ...Object.keys(heldAs)].filter((c) => !columns.includes(c))).toEqual(
        [],
      );
      expect(Object.values(leftOut).every((why) => why.length > 10)).toBe(true);
    },
  );
});
