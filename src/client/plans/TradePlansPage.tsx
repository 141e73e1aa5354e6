import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { messages } from '../../domain/messages.ts';
import { PAGE_HEADINGS } from '../../domain/pages.ts';
import { planPrice } from '../../domain/quotes.ts';
import { canEditPlan, isActivePlan } from '../../domain/tradePlans.ts';
import { TRADE_PLAN_STATUSES, type TradePlan, type TradePlanStatus } from '../../domain/types.ts';
import { useQuotes } from '../serverData/useQuotes.ts';
import { useTraderSettings } from '../settings/useTraderSettings.ts';
import { planHead, planRows, useAccountsByName } from '../ui/cacheReads.ts';
import { filterSelect } from '../ui/inputs.tsx';
import { type Column, ListPage } from '../ui/ListPage.tsx';
import { matchesSearch } from '../ui/sorting.ts';
import { useListPage } from '../ui/useListPage.ts';
import { PlanCells, StatusSelect } from './PlanCells.tsx';
import { PlanDetails } from './PlanDetails.tsx';
import { PlanForm } from './PlanForm.tsx';
import { PlansEmptyState } from './PlansEmptyState.tsx';
import { deletePlan } from './planMutations.ts';
import { useStatusChange } from './useStatusChange.ts';
import './plans.css';

/** The table's columns; the sortable ones name the page's sort keys. */
const COLUMNS = [
  { label: 'Stock', sortBy: 'stock' },
  { label: 'Status', sortBy: 'status' },
  { label: 'Entry Price', sortBy: 'entryPrice' },
  { label: 'Stop Loss', sortBy: 'stopLossPrice' },
  { label: 'Risk ($)' },
  { label: 'Risk (%)' },
  { label: 'Probability', sortBy: 'probabilityOfSuccess' },
  { label: 'Edges' },
  { label: 'Position Sizes' },
  { label: 'Distance to entry', sortBy: 'distanceToEntry', headerless: true },
] as const satisfies readonly Column<string>[];

type PlanSortKey = Extract<(typeof COLUMNS)[number], { sortBy: string }>['sortBy'];

/** "Showing X of Y trade plans" plus the filters that explain the difference. */
export function showingText(shown: number, total: number, search: string, status: string): string {
  const filters = [search.trim() && `search: "${search.trim()}"`, status && `status: ${status}`].filter(
    Boolean,
  );
  return `Showing ${shown} of ${total} trade plans${filters.length ? ` (${filters.join(', ')})` : ''}`;
}

export default function TradePlansPage() {
  const [status, setStatus] = useState<TradePlanStatus | ''>('');
  const quotes = useQuotes();
  const { nearEntryR } = useTraderSettings();
  // An active plan's distance to its entry in R, from its stock's last price (docs/product.md,
  // "Prices"); plans without one sort last.
  const sortValue = useCallback(
    (plan: TradePlan, key: PlanSortKey) => {
      if (key !== 'distanceToEntry') return plan[key];
      const quote = isActivePlan(plan) ? quotes?.get(plan.stock) : undefined;
      return quote ? planPrice(plan, quote.last).distanceR : null;
    },
    [quotes],
  );
  const list = useListPage<TradePlan, PlanSortKey>({
    sortValue,
    collection: 'tradePlans',
    query: planRows,
    // The default order, by stock, has an index: the first rows show before all are read.
    head: planHead,
    defaultSort: 'stock',
    shows: useCallback(
      (p: TradePlan, search: string) =>
        matchesSearch(search, p.stock) && (status === '' || p.status === status),
      [status],
    ),
    remove: deletePlan,
    deleteFallback: fallbackMessages.deletePlan,
  });
  // In the order the Dashboard lists them; the rows size each plan for them.
  const accounts = useAccountsByName();
  const statusChange = useStatusChange();
  const [openedId, setOpenedId] = useState<string>();
  // /trade-plans?plan=<id> (the Watch list, an alert's notification) opens that plan's details.
  const planInAddress = new URLSearchParams(useSearch()).get('plan');
  const [, navigate] = useLocation();
  useEffect(() => {
    if (planInAddress === null) return;
    setOpenedId(planInAddress);
    navigate('/trade-plans', { replace: true });
  }, [planInAddress, navigate]);
  // The details follow the cached plan: a status change or a sync shows in them at once.
  const opened = list.rows.find((p) => p.id === openedId);
  const filtered = list.search.trim() !== '' || status !== '';

  return (
    <>
      <ListPage
        {...PAGE_HEADINGS['/trade-plans']}
        newLabel="+ New Trade Plan"
        list={list}
        search={{ label: 'Search by stock symbol', placeholder: 'Search by stock symbol' }}
        filters={filterSelect(
          'Filter by status',
          status,
          (value) => setStatus(value as TradePlanStatus | ''),
          TRADE_PLAN_STATUSES.map((s) => [s, s]),
          'All Statuses',
        )}
        retry
        skeletonRows={5}
        empty={<PlansEmptyState filtered={filtered} onCreate={() => list.setEditing('new')} />}
        table={{
          className: 'plans-table card-lines',
          columns: COLUMNS,
          cells: (plan) => (
            <PlanCells
              plan={plan}
              accounts={accounts}
              quote={quotes?.get(plan.stock)}
              nearEntryR={nearEntryR}
              onOpen={(p) => setOpenedId(p.id)}
            />
          ),
          controls: (plan) => {
            const refused = statusChange.refusalOf(plan);
            return (
              <>
                <StatusSelect plan={plan} onChange={(next) => void statusChange.change(plan, next)} />
                {refused && (
                  <p
                    role="alert"
                    className="row-error"
                    // Centred, not at the screen's edge: wholly in view whatever its height rounds to.
                    ref={(el) => el?.scrollIntoView({ block: 'center' })}
                  >
                    {refused}
                    <button
                      type="button"
                      className="dismiss"
                      aria-label="Dismiss"
                      onClick={statusChange.dismiss}
                    >
                      ×
                    </button>
                  </p>
                )}
              </>
            );
          },
          editRefusal: (plan) => (canEditPlan(plan.status) ? undefined : messages.planDiscarded),
        }}
        footer={
          <p className="table-footer">
            {showingText(list.visible.length, list.rows.length, list.search, status)}
          </p>
        }
        editor={{
          title: (plan) => (plan === 'new' ? 'New Trade Plan' : `Edit Trade Plan: ${plan.stock}`),
          form: (plan, close) => <PlanForm plan={plan} onSaved={close} onCancel={close} />,
        }}
        confirmDelete={{ title: 'Confirm Delete', name: (plan) => plan.stock }}
      />
      {opened && (
        <PlanDetails
          plan={opened}
          onClose={() => setOpenedId(undefined)}
          onEdit={(plan) => {
            setOpenedId(undefined);
            list.setEditing(plan);
          }}
        />
      )}
    </>
  );
}
