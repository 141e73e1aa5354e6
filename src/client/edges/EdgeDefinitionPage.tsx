import { useMemo } from 'react';
import { fallbackMessages, firstSteps } from '../../domain/appMessages.ts';
import { formatWeight } from '../../domain/format.ts';
import { PAGE_HEADINGS } from '../../domain/pages.ts';
import { computeStats, type GroupStats } from '../../domain/stats.ts';
import type { Edge } from '../../domain/types.ts';
import { SampleSize } from '../review/SmallSampleBadge.tsx';
import { formatOptionalR, toneOf } from '../review/statsFormat.ts';
import { Badge } from '../ui/Badge.tsx';
import { edgeRows, usePlans, useTrades } from '../ui/cacheReads.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { type Column, ListPage, NameCell } from '../ui/ListPage.tsx';
import { matchesSearch } from '../ui/sorting.ts';
import { useListPage } from '../ui/useListPage.ts';
import { EdgeForm } from './EdgeForm.tsx';
import { deleteEdge } from './edgeMutations.ts';
import './edges.css';

/**
 * Whether a weight is earned: the expectancy of the trades whose plans cite the edge, with their
 * number (marked Small sample under 10, as on Review), from the same statistics as the Review page.
 */
function EdgeResults({ stats }: { stats: GroupStats | undefined }) {
  if (!stats) return <small className="edge-results">No trades yet</small>;
  if (stats.n === 0) return <small className="edge-results">No trades with a stop yet</small>;
  return (
    <small className="edge-results">
      <span className={toneOf(stats.expectancyR)}>{formatOptionalR(stats.expectancyR)}</span> ·{' '}
      <SampleSize n={stats.n} />
    </small>
  );
}

/** The table's columns; the sortable ones name the page's sort keys. */
const COLUMNS = [
  { label: 'Name', sortBy: 'name' },
  { label: 'Description', sortBy: 'description' },
  { label: 'Weight', sortBy: 'weightFactor' },
  { label: 'Identification Notes', sortBy: 'identificationNotes' },
] as const satisfies readonly Column<string>[];

type EdgeSortKey = Extract<(typeof COLUMNS)[number], { sortBy: string }>['sortBy'];

export default function EdgeDefinitionPage() {
  const trades = useTrades();
  const plans = usePlans();
  // Until both are read, no edge says "No trades yet" that it may not mean.
  const byEdge = useMemo(
    () =>
      trades && plans
        ? new Map(computeStats(trades, 'edge', { plans, setups: [], edges: [] }).map((g) => [g.key, g]))
        : undefined,
    [trades, plans],
  );
  const list = useListPage<Edge, EdgeSortKey>({
    collection: 'edges',
    query: edgeRows,
    defaultSort: 'name',
    // Only active edges are listed; deleted ones stay linked to the plans that cite them.
    shows: (e, search) => e.isActive && matchesSearch(search, e.name, e.description, e.identificationNotes),
    remove: deleteEdge,
    deleteFallback: fallbackMessages.deleteEdge,
  });
  return (
    <ListPage
      {...PAGE_HEADINGS['/edge-definition']}
      newLabel="+ New Edge"
      list={list}
      search={{ label: 'Search edges', placeholder: 'Search by name, description or identification notes' }}
      retry
      skeletonRows={4}
      empty={
        list.search.trim() === '' && !list.rows.some((e) => e.isActive) ? (
          <EmptyState title="No edges found" hint={`An edge is ${firstSteps[0][2]}.`} next={firstSteps[1]}>
            <button type="button" onClick={() => list.setEditing('new')}>
              Define Your First Edge
            </button>
          </EmptyState>
        ) : (
          <p className="empty-state">No edges found</p>
        )
      }
      table={{
        className: 'edges-table',
        columns: COLUMNS,
        cells: (edge) => (
          <>
            <NameCell row={edge} />
            <td data-label="Description">{edge.description}</td>
            <td data-label="Weight" className="card-figure">
              <Badge color="blue">{formatWeight(edge.weightFactor)}</Badge>
              {byEdge && <EdgeResults stats={byEdge.get(edge.id)} />}
            </td>
            <td data-label="Identification Notes">{edge.identificationNotes}</td>
          </>
        ),
      }}
      editor={{
        title: (edge) => (edge === 'new' ? 'Create New Edge' : 'Edit Edge'),
        form: (edge, close) => <EdgeForm edge={edge} onSaved={close} onCancel={close} />,
      }}
      confirmDelete={{ title: 'Delete Edge', name: (edge) => edge.name }}
    />
  );
}
