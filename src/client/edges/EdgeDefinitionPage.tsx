import { useState } from 'react';
import { formatWeight } from '../../domain/format.ts';
import { fallbackMessages } from '../../domain/messages.ts';
import type { Edge } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { pullAll } from '../sync/sync.ts';
import { setCollectionState } from '../sync/syncState.ts';
import { Badge } from '../ui/Badge.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { Modal } from '../ui/Modal.tsx';
import { PendingMark } from '../ui/PendingMark.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { SortableHeader } from '../ui/SortableHeader.tsx';
import { matchesSearch, sortRows, useSort } from '../ui/sorting.ts';
import { useCollection } from '../ui/useCollection.ts';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.ts';
import { EdgeForm } from './EdgeForm.tsx';
import { deleteEdge } from './edgeMutations.ts';

type EdgeSortKey = 'name' | 'description' | 'weightFactor' | 'identificationNotes';

export default function EdgeDefinitionPage() {
  const { rows, loading, error } = useCollection('edges', () => db.edges.toArray());
  const { sort, toggle } = useSort<EdgeSortKey>('name');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Edge | 'new'>();
  const deletion = useConfirmedDelete(deleteEdge, fallbackMessages.deleteEdge);

  const active = rows.filter((e) => e.isActive);
  const visible = sortRows(
    active.filter((e) => matchesSearch(search, e.name, e.description, e.identificationNotes)),
    sort,
  );
  const shownError = deletion.error ?? error;

  return (
    <section>
      <div className="page-heading">
        <hgroup>
          <h1>Edge Definition</h1>
          <p>Define the weighted reasons you take a trade</p>
        </hgroup>
        <button type="button" onClick={() => setEditing('new')}>
          + New Edge
        </button>
      </div>
      {shownError && (
        <ErrorBanner
          message={shownError}
          onDismiss={() => {
            deletion.clearError();
            setCollectionState('edges', { error: undefined });
          }}
          onRetry={() => {
            deletion.clearError();
            void pullAll(['edges']);
          }}
        />
      )}
      <input
        type="search"
        aria-label="Search edges"
        placeholder="Search by name, description or identification notes"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {loading ? (
        <Skeleton rows={4} />
      ) : visible.length === 0 ? (
        <p className="empty-state">No edges found</p>
      ) : (
        <div className="table-wrap">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <SortableHeader label="Name" column="name" sort={sort} onSort={toggle} />
                <SortableHeader label="Description" column="description" sort={sort} onSort={toggle} />
                <SortableHeader label="Weight" column="weightFactor" sort={sort} onSort={toggle} />
                <SortableHeader
                  label="Identification Notes"
                  column="identificationNotes"
                  sort={sort}
                  onSort={toggle}
                />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((edge) => (
                <tr key={edge.id}>
                  <td data-label="Name">
                    {edge.name}
                    <PendingMark row={edge} />
                  </td>
                  <td data-label="Description">{edge.description}</td>
                  <td data-label="Weight">
                    <Badge color="blue">{formatWeight(edge.weightFactor)}</Badge>
                  </td>
                  <td data-label="Identification Notes">{edge.identificationNotes}</td>
                  <td data-label="Actions" className="row-actions">
                    <button type="button" className="outline" onClick={() => setEditing(edge)}>
                      Edit
                    </button>
                    <button type="button" className="outline danger" onClick={() => deletion.ask(edge)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <Modal
          title={editing === 'new' ? 'Create New Edge' : 'Edit Edge'}
          onClose={() => setEditing(undefined)}
        >
          <EdgeForm
            edge={editing === 'new' ? undefined : editing}
            onSaved={() => setEditing(undefined)}
            onCancel={() => setEditing(undefined)}
          />
        </Modal>
      )}
      {deletion.pending && (
        <ConfirmDialog
          title="Delete Edge"
          name={deletion.pending.name}
          busy={deletion.busy}
          onConfirm={() => void deletion.confirm()}
          onCancel={deletion.cancel}
        />
      )}
    </section>
  );
}
