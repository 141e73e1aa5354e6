import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { closedInRange } from '../../domain/dateRanges.ts';
import { PAGE_HEADINGS } from '../../domain/pages.ts';
import { tradeListOrder } from '../../domain/trade.ts';
import type { Trade, TradePlan } from '../../domain/types.ts';
import { useLinkedPlans } from '../plans/useLinkedPlans.ts';
import { useQuotes } from '../serverData/useQuotes.ts';
import { ImportStatementButton } from '../statements/ImportStatementButton.tsx';
import { tradeRows, useAccounts } from '../ui/cacheReads.ts';
import { DateRangeFilter, DateRangeProblem } from '../ui/DateRangeFilter.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { filterSelect } from '../ui/inputs.tsx';
import { type Column, ListPage } from '../ui/ListPage.tsx';
import { matchesSearch } from '../ui/sorting.ts';
import { useDateRange } from '../ui/useDateRange.ts';
import { useListPage } from '../ui/useListPage.ts';
import { RecordFillForm } from './RecordFillForm.tsx';
import { SyncTrades } from './SyncTrades.tsx';
import { TradeCells } from './TradeCells.tsx';
import { TradeDetails } from './TradeDetails.tsx';
import './trades.css';

/** The table's columns; the sortable ones name the page's sort keys. */
const COLUMNS = [
  { label: 'Symbol', sortBy: 'symbol' },
  { label: 'Account', sortBy: 'accountName' },
  { label: 'Direction', sortBy: 'direction' },
  { label: 'Opened', sortBy: 'openedAt' },
  { label: 'Closed', sortBy: 'closedAt' },
  { label: 'Qty', sortBy: 'entryQuantity' },
  { label: 'Entry', sortBy: 'averageEntryPrice' },
  { label: 'Exit', sortBy: 'averageExitPrice' },
  { label: 'Net P&L', sortBy: 'netPnl' },
  { label: 'R', sortBy: 'rMultiple' },
  { label: 'Plan' },
] as const satisfies readonly Column<keyof Trade>[];

type TradeSortKey = Extract<(typeof COLUMNS)[number], { sortBy: string }>['sortBy'];

type PlanFilter = '' | 'planned' | 'unplanned';

const PLAN_FILTERS = [
  ['planned', 'Planned'],
  ['unplanned', 'Unplanned'],
] as const;

export default function TradesPage() {
  const [accountId, setAccountId] = useState('');
  const [planFilter, setPlanFilter] = useState<PlanFilter>('');
  const accounts = useAccounts() ?? [];
  const linked = useLinkedPlans();
  const quotes = useQuotes();
  // Closed trades by the New York day they closed; open trades whatever the range (docs/product.md, "Trades").
  const dateRange = useDateRange();
  const { bounds } = dateRange;
  // A link to a plan deleted on this device (not yet synced) reads as no plan, as it soon will be.
  const planOf = useCallback(
    (trade: Trade): TradePlan | undefined =>
      trade.planId === null ? undefined : linked?.byId.get(trade.planId),
    [linked],
  );

  const list = useListPage<Trade, TradeSortKey>({
    collection: 'trades',
    query: async () => (await tradeRows()).sort(tradeListOrder),
    defaultSort: { ownOrder: 'Open first, newest' },
    shows: useCallback(
      (trade: Trade, search: string) =>
        matchesSearch(search, trade.symbol) &&
        (accountId === '' || trade.accountId === accountId) &&
        (planFilter === '' || (planOf(trade) !== undefined) === (planFilter === 'planned')) &&
        (trade.closedAt === null || closedInRange(trade.closedAt, bounds)),
      [accountId, planFilter, planOf, bounds],
    ),
  });
  // A row names its plan, never "Unplanned" while its plan is not read: until the linked plans are
  // read the list loads, and a row just linked (the plans' read behind the trades') keeps the
  // rows as they were until its plan is in.
  const consistent = linked !== undefined && list.rows.every(linked.covers);
  const lastConsistent = useRef<Pick<typeof list, 'rows' | 'visible'>>(undefined);
  if (consistent) lastConsistent.current = { rows: list.rows, visible: list.visible };
  const shown = consistent
    ? list
    : lastConsistent.current
      ? { ...list, ...lastConsistent.current }
      : { ...list, loading: true };
  const [openedId, setOpenedId] = useState<string>();
  // `/trades?trade={id}` (the P&L calendar's links) opens that trade's details, once.
  const search = useSearch();
  const tradeInAddress = new URLSearchParams(search).get('trade');
  const [path, navigate] = useLocation();
  useEffect(() => {
    if (!tradeInAddress) return;
    setOpenedId(tradeInAddress);
    const kept = new URLSearchParams(search);
    kept.delete('trade');
    const query = kept.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  }, [tradeInAddress, search, path, navigate]);
  // The details follow the cached trade: a sync or an offline rebuild shows in them at once.
  const opened = list.rows.find((t) => t.id === openedId);
  const filtered =
    list.search.trim() !== '' || accountId !== '' || planFilter !== '' || dateRange.range.preset !== 'all';

  return (
    <>
      <DateRangeProblem dateRange={dateRange} />
      <ListPage
        {...PAGE_HEADINGS['/trades']}
        newLabel="+ Record Fill"
        actions={
          <>
            <ImportStatementButton />
            <SyncTrades />
          </>
        }
        list={shown}
        search={{ label: 'Search by symbol', placeholder: 'Search by symbol' }}
        filters={
          <>
            {filterSelect(
              'Filter by account',
              accountId,
              setAccountId,
              accounts.map((a) => [a.id, a.accountName]),
              'All accounts',
            )}
            {filterSelect(
              'Filter by plan',
              planFilter,
              (value) => setPlanFilter(value as PlanFilter),
              PLAN_FILTERS,
              'All trades',
            )}
            <DateRangeFilter dateRange={dateRange} />
          </>
        }
        retry
        skeletonRows={5}
        empty={
          <EmptyState
            title={filtered ? 'No trades found' : 'No trades yet'}
            hint={'Record a fill with "+ Record Fill", or bring in your broker\'s fills with "Sync trades"'}
            filtered={filtered}
          />
        }
        table={{
          className: 'trades-table card-lines',
          columns: COLUMNS,
          cells: (trade) => (
            <TradeCells
              trade={trade}
              plan={planOf(trade)}
              // The underlying's price is not an option's: an option trade shows no unrealised P&L yet.
              quote={trade.option ? undefined : quotes?.get(trade.symbol)}
              onOpen={(t) => setOpenedId(t.id)}
            />
          ),
          rowActions: false,
        }}
        editor={{
          title: () => 'Record Fill',
          form: (_, close) => <RecordFillForm onSaved={close} onCancel={close} />,
        }}
      />
      {opened && <TradeDetails trade={opened} onClose={() => setOpenedId(undefined)} />}
    </>
  );
}
