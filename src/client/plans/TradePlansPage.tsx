import { useState } from 'react';
import { fallbackMessages } from '../../domain/messages.ts';
import { TRADE_PLAN_STATUSES, type TradePlan, type TradePlanStatus } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import { db } from '../db/db.ts';
import { pullAll } from '../sync/sync.ts';
import { setCollectionState } from '../sync/syncState.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { Modal } from '../ui/Modal.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { SortableHeader } from '../ui/SortableHeader.tsx';
import { matchesSearch, sortRows, useSort } from '../ui/sorting.ts';
import { useCollection } from '../ui/useCollection.ts';
import { PlanForm } from './PlanForm.tsx';
import { PlanRow } from './PlanRow.tsx';
import { changePlanStatus, deletePlan } from './planMutations.ts';

type PlanSortKey = 'stock' | 'status' | 'entryPrice' | 'stopLossPrice' | 'probabilityOfSuccess';

/** "Showing X of Y trade plans" plus the filters that explain the difference. */
export function showingText(shown: number, total: number, search: string, status: string): string {
  const filters = [search.trim() && `search: "${search.trim()}"`, status && `status: ${status}`].filter(
    Boolean,
  );
  return `Showing ${shown} of ${total} trade plans${filters.length ? ` (${filters.join(', ')})` : ''}`;
}

export default function TradePlansPage() {
  const { rows, loading, error } = useCollection('tradePlans', () => db.tradePlans.toArray());
  const { sort, toggle } = useSort<PlanSortKey>('stock');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TradePlanStatus | ''>('');
  const [editing, setEditing] = useState<TradePlan | 'new'>();
  const [deleting, setDeleting] = useState<TradePlan>();
  const [actionError, setActionError] = useState<string>();

  const visible = sortRows(
    rows.filter((p) => matchesSearch(search, p.stock) && (status === '' || p.status === status)),
    sort,
  );
  const filtered = search.trim() !== '' || status !== '';
  const shownError = actionError ?? error;

  async function run(action: () => Promise<void>, fallback: string) {
    setActionError(undefined);
    try {
      await action();
    } catch (e) {
      setActionError(errorMessage(e, fallback));
    }
  }

  return (
    <section>
      <div className="page-heading">
        <hgroup>
          <h1>Trade Plans</h1>
          <p>Monitor and manage your trading positions</p>
        </hgroup>
        <button type="button" onClick={() => setEditing('new')}>
          + New Trade Plan
        </button>
      </div>
      {shownError && (
        <ErrorBanner
          message={shownError}
          onDismiss={() => {
            setActionError(undefined);
            setCollectionState('tradePlans', { error: undefined });
          }}
          onRetry={() => {
            setActionError(undefined);
            void pullAll(['tradePlans']);
          }}
        />
      )}
      <div className="filters">
        <input
          type="search"
          aria-label="Search by stock symbol"
          placeholder="Search by stock symbol"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setStatus(e.target.value as TradePlanStatus | '')}
        >
          <option value="">All Statuses</option>
          {TRADE_PLAN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {loading ? (
        <Skeleton rows={5} />
      ) : visible.length === 0 ? (
        <div className="empty-state">
          <p>No trade plans found</p>
          <small>
            {filtered
              ? 'Try adjusting your search criteria or filters'
              : 'Create your first trade plan to get started'}
          </small>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="stack-on-phone plans-table">
            <thead>
              <tr>
                <SortableHeader label="Stock" column="stock" sort={sort} onSort={toggle} />
                <SortableHeader label="Status" column="status" sort={sort} onSort={toggle} />
                <SortableHeader label="Entry Price" column="entryPrice" sort={sort} onSort={toggle} />
                <SortableHeader label="Stop Loss" column="stopLossPrice" sort={sort} onSort={toggle} />
                <th scope="col">Risk ($)</th>
                <th scope="col">Risk (%)</th>
                <SortableHeader
                  label="Probability"
                  column="probabilityOfSuccess"
                  sort={sort}
                  onSort={toggle}
                />
                <th scope="col">Edges</th>
                <th scope="col">Position Sizes</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((plan) => (
                <PlanRow
                  key={plan.id}
                  plan={plan}
                  onStatus={(p, next) =>
                    void run(() => changePlanStatus(p, next), fallbackMessages.updatePlanStatus)
                  }
                  onEdit={setEditing}
                  onDelete={setDeleting}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!loading && <p className="table-footer">{showingText(visible.length, rows.length, search, status)}</p>}
      {editing && (
        <Modal
          title={editing === 'new' ? 'New Trade Plan' : `Edit Trade Plan: ${editing.stock}`}
          onClose={() => setEditing(undefined)}
        >
          <PlanForm
            plan={editing === 'new' ? undefined : editing}
            onSaved={() => setEditing(undefined)}
            onCancel={() => setEditing(undefined)}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          title="Confirm Delete"
          name={deleting.stock}
          onConfirm={() => {
            const plan = deleting;
            setDeleting(undefined);
            void run(() => deletePlan(plan), 'Failed to delete trade plan');
          }}
          onCancel={() => setDeleting(undefined)}
        />
      )}
    </section>
  );
}
