import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorBanner } from './ErrorBanner.tsx';
import { Modal } from './Modal.tsx';
import { Skeleton } from './Skeleton.tsx';
import type { ListPageState } from './useListPage.ts';

interface ListPageProps<Row> {
  title: string;
  subtitle: string;
  newLabel: string;
  list: ListPageState<Row>;
  search: { label: string; placeholder: string };
  /** Controls beside the search box (the plans' status filter). */
  filters?: ReactNode;
  /** Whether the error banner offers Retry. */
  retry?: boolean;
  skeletonRows: number;
  /** Shown when no row is visible. */
  empty: ReactNode;
  /** The table, given the visible rows. */
  table: (rows: Row[]) => ReactNode;
  footer?: ReactNode;
  editor: {
    title: (row: Row | 'new') => string;
    form: (row: Row | undefined, close: () => void) => ReactNode;
  };
  confirmDelete: { title: string; name: (row: Row) => string };
}

/** The frame every list page shares: heading, error banner, search, states, editor, delete. */
export function ListPage<Row>({ list, ...page }: ListPageProps<Row>) {
  const close = () => list.setEditing(undefined);
  return (
    <section>
      <div className="page-heading">
        <hgroup>
          <h1>{page.title}</h1>
          <p>{page.subtitle}</p>
        </hgroup>
        <button type="button" onClick={() => list.setEditing('new')}>
          {page.newLabel}
        </button>
      </div>
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
      </div>
      {list.loading ? (
        <Skeleton rows={page.skeletonRows} />
      ) : list.visible.length === 0 ? (
        page.empty
      ) : (
        <div className="table-wrap">{page.table(list.visible)}</div>
      )}
      {!list.loading && page.footer}
      {list.editing && (
        <Modal title={page.editor.title(list.editing)} onClose={close}>
          {page.editor.form(list.editing === 'new' ? undefined : list.editing, close)}
        </Modal>
      )}
      {list.deletion.pending && (
        <ConfirmDialog
          title={page.confirmDelete.title}
          name={page.confirmDelete.name(list.deletion.pending)}
          busy={list.deletion.busy}
          onConfirm={() => void list.deletion.confirm()}
          onCancel={list.deletion.cancel}
        />
      )}
    </section>
  );
}
