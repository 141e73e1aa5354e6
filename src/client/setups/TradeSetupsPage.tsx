import { useState } from 'react';
import { truncateCriteria } from '../../domain/format.ts';
import { fallbackMessages } from '../../domain/messages.ts';
import type { TradeSetup } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { setCollectionState } from '../sync/syncState.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { Modal } from '../ui/Modal.tsx';
import { PendingMark } from '../ui/PendingMark.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { SortableHeader } from '../ui/SortableHeader.tsx';
import { matchesSearch, sortRows, useSort } from '../ui/sorting.ts';
import { useCollection } from '../ui/useCollection.ts';
import { useConfirmedDelete } from '../ui/useConfirmedDelete.ts';
import { SetupForm } from './SetupForm.tsx';
import { deleteSetup } from './setupMutations.ts';

type SetupSortKey = 'name' | 'description' | 'successScore' | 'notes';

export default function TradeSetupsPage() {
  const { rows, loading, error } = useCollection('tradeSetups', () => db.tradeSetups.toArray());
  const { sort, toggle } = useSort<SetupSortKey>('name');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TradeSetup | 'new'>();
  const deletion = useConfirmedDelete(deleteSetup, fallbackMessages.deleteSetup);

  const visible = sortRows(
    rows.filter((s) =>
      matchesSearch(search, s.name, s.description, s.entryCriteria, s.exitCriteria, s.notes),
    ),
    sort,
  );
  const shownError = deletion.error ?? error;

  return (
    <section>
      <div className="page-heading">
        <hgroup>
          <h1>Trade Setups</h1>
          <p>Define the chart patterns you trade, with their entry and exit criteria</p>
        </hgroup>
        <button type="button" onClick={() => setEditing('new')}>
          + New Setup
        </button>
      </div>
      {shownError && (
        <ErrorBanner
          message={shownError}
          onDismiss={() => {
            deletion.clearError();
            setCollectionState('tradeSetups', { error: undefined });
          }}
        />
      )}
      <input
        type="search"
        aria-label="Search trade setups"
        placeholder="Search setups"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {loading ? (
        <Skeleton rows={4} />
      ) : visible.length === 0 ? (
        rows.length > 0 ? (
          <p className="empty-state">No trade setups match your search criteria.</p>
        ) : (
          <div className="empty-state">
            <p>No trade setups defined yet.</p>
            <button type="button" onClick={() => setEditing('new')}>
              Create Your First Trade Setup
            </button>
          </div>
        )
      ) : (
        <div className="table-wrap">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <SortableHeader label="Name" column="name" sort={sort} onSort={toggle} />
                <SortableHeader label="Description" column="description" sort={sort} onSort={toggle} />
                <SortableHeader label="Success Score" column="successScore" sort={sort} onSort={toggle} />
                <th scope="col">Entry/Exit Criteria</th>
                <SortableHeader label="Notes" column="notes" sort={sort} onSort={toggle} />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((setup) => (
                <tr key={setup.id}>
                  <td data-label="Name">
                    {setup.name}
                    <PendingMark row={setup} />
                  </td>
                  <td data-label="Description">{setup.description}</td>
                  <td data-label="Success Score">{setup.successScore}</td>
                  <td data-label="Entry/Exit Criteria" className="criteria">
                    <div>
                      <strong>Entry:</strong> {truncateCriteria(setup.entryCriteria)}
                    </div>
                    <div>
                      <strong>Exit:</strong> {truncateCriteria(setup.exitCriteria)}
                    </div>
                  </td>
                  <td data-label="Notes">{setup.notes}</td>
                  <td data-label="Actions" className="row-actions">
                    <button type="button" className="outline" onClick={() => setEditing(setup)}>
                      Edit
                    </button>
                    <button type="button" className="outline danger" onClick={() => deletion.ask(setup)}>
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
          title={editing === 'new' ? 'Create New Trade Setup' : 'Edit Trade Setup'}
          onClose={() => setEditing(undefined)}
        >
          <SetupForm
            setup={editing === 'new' ? undefined : editing}
            onSaved={() => setEditing(undefined)}
            onCancel={() => setEditing(undefined)}
          />
        </Modal>
      )}
      {deletion.pending && (
        <ConfirmDialog
          title="Confirm Delete"
          name={deletion.pending.name}
          busy={deletion.busy}
          onConfirm={() => void deletion.confirm()}
          onCancel={deletion.cancel}
        />
      )}
    </section>
  );
}
