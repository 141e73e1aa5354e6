import { type ReactNode, useState } from 'react';
import { notices } from '../../domain/appMessages.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { LIST_PAGE_SIZE } from './listPageSize.ts';
import { Modal } from './Modal.tsx';
import { announce } from './notices.ts';
import { PageHeading } from './PageHeading.tsx';
import { PendingMark } from './PendingMark.tsx';
import { RowActions } from './RowActions.tsx';
import { Skeleton } from './Skeleton.tsx';
import { SortableHeader } from './SortableHeader.tsx';
import { SortControl } from './SortControl.tsx';
import type { ListPageState } from './useListPage.ts';
import './list.css';
import './table.css';

/** A record's name as its row's cell, marked while not yet saved; on a phone, its card's title. */
export function NameCell({ row }: { row: { name: string } }) {
  return (
    <td data-label="Name" className="card-title">
      {row.name}
      <PendingMark row={row} />
    </td>
  );
}

/** A cell that on a phone's card is one fact beside its label (ui/table.css, `card-fact`). */
export function FactCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td data-label={label} className="card-fact">
      {children}
    </td>
  );
}

/** A column of the list's table; with `sortBy` its header sorts. */
export interface Column<K extends string> {
  label: string;
  sortBy?: K;
  /**
   * A sort without a column of its own (a plan's distance to entry, shown in its Status cell):
   * offered in "Sort by", which then shows at every width.
   */
  headerless?: true;
}

interface ListTable<Row, K extends string> {
  className?: string;
  /** Every column but Actions, which the page adds. */
  columns: readonly Column<K>[];
  /** One row's cells for those columns (the first is its row header or name). */
  cells: (row: Row) => ReactNode;
  /** Controls in the Actions cell before Edit and Delete (a plan's status dropdown). */
  controls?: (row: Row) => ReactNode;
  /** Why Edit is not allowed for a row (a discarded plan), or undefined when it is. */
  editRefusal?: (row: Row) => string | undefined;
  /**
   * false: no Actions column. The rows are not edited or deleted as such (a trade is built from
   * its fills); the first cell opens a row's details.
   */
  rowActions?: false;
}

interface ListPageProps<Row, K extends string> {
  title: string;
  subtitle: string;
  newLabel: string;
  /** Controls in the heading beside the create button (the trades' "Sync trades"). */
  actions?: ReactNode;
  list: ListPageState<Row, K>;
  search: { label: string; placeholder: string };
  /** Controls beside the search box (the plans' status filter). */
  filters?: ReactNode;
  /** Whether the error banner offers Retry. */
  retry?: boolean;
  skeletonRows: number;
  /** Shown when no row is visible. */
  empty: ReactNode;
  table: ListTable<Row, K>;
  footer?: ReactNode;
  editor: {
    title: (row: Row | 'new') => string;
    form: (row: Row | undefined, close: () => void) => ReactNode;
  };
  /** Absent when rows are not deleted from the list (see `rowActions`). */
  confirmDelete?: { title: string; name: (row: Row) => string };
}

/** The frame every list page shares: heading, error banner, search, states, editor, delete. */
export function ListPage<Row extends { id: string }, K extends string>({
  list,
  ...page
}: ListPageProps<Row, K>) {
  const close = () => list.setEditing(undefined);
  const { table, confirmDelete } = page;
  const rowActions = table.rowActions !== false;
  const [shownRows, setShownRows] = useState(LIST_PAGE_SIZE);
  const rendered = list.visible.length > shownRows ? list.visible.slice(0, shownRows) : list.visible;
  const more = list.visible.length - rendered.length;
  return (
    <section>
      <PageHeading title={page.title} subtitle={page.subtitle}>
        {page.actions && <div className="page-actions">{page.actions}</div>}
        <button type="button" onClick={() => list.setEditing('new')}>
          {page.newLabel}
        </button>
      </PageHeading>
      {list.error && (
        <ErrorBanner
          message={list.error}
          onDismiss={list.clearError}
          {...(page.retry ? { onRetry: list.retry } : {})}
        />
      )}
      <div className="filters">
        <input
          type="search"
          aria-label={page.search.label}
          placeholder={page.search.placeholder}
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
        />
        {page.filters}
        <SortControl columns={table.columns} sort={list.sort} onSort={list.toggle} ownOrder={list.ownOrder} />
      </div>
      {list.loading ? (
        <Skeleton rows={page.skeletonRows} />
      ) : list.visible.length === 0 ? (
        page.empty
      ) : (
        <div className="table-wrap">
          <table className={['stack-on-phone', table.className].filter(Boolean).join(' ')}>
            <thead>
              <tr>
                {table.columns
                  .filter((c) => !c.headerless)
                  .map(({ label, sortBy }) =>
                    sortBy ? (
                      <SortableHeader
                        key={label}
                        label={label}
                        column={sortBy}
                        sort={list.sort}
                        onSort={list.toggle}
                      />
                    ) : (
                      <th key={label} scope="col">
                        {label}
                      </th>
                    ),
                  )}
                {rowActions && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {rendered.map((row) => (
                <tr key={row.id}>
                  {table.cells(row)}
                  {rowActions && (
                    <RowActions
                      editDisabledReason={table.editRefusal?.(row)}
                      onEdit={() => list.setEditing(row)}
                      onDelete={(button) => list.deletion.ask(row, button)}
                    >
                      {table.controls?.(row)}
                    </RowActions>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!list.loading && list.complete && more > 0 && (
        <button
          type="button"
          className="secondary outline show-more"
          onClick={() => setShownRows((n) => n + LIST_PAGE_SIZE)}
        >
          Show {Math.min(more, LIST_PAGE_SIZE)} more ({rendered.length} of {list.visible.length} shown)
        </button>
      )}
      {!list.loading && list.complete && page.footer}
      {list.editing && (
        <Modal title={page.editor.title(list.editing)} onClose={close}>
          {page.editor.form(list.editing === 'new' ? undefined : list.editing, close)}
        </Modal>
      )}
      {confirmDelete && list.deletion.pending && (
        <ConfirmDialog
          title={confirmDelete.title}
          name={confirmDelete.name(list.deletion.pending)}
          busy={list.deletion.busy}
          onConfirm={() =>
            void list.deletion
              .confirm()
              .then((row) => row && announce(notices.deleted(confirmDelete.name(row))))
          }
          onCancel={list.deletion.cancel}
        />
      )}
    </section>
  );
}
