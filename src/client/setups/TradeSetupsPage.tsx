import { fallbackMessages, firstSteps } from '../../domain/appMessages.ts';
import { truncateCriteria } from '../../domain/format.ts';
import { PAGE_HEADINGS } from '../../domain/pages.ts';
import type { TradeSetup } from '../../domain/types.ts';
import { SampleSize } from '../review/SmallSampleBadge.tsx';
import { setupRows } from '../ui/cacheReads.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { type Column, ListPage, NameCell } from '../ui/ListPage.tsx';
import { matchesSearch } from '../ui/sorting.ts';
import { useListPage } from '../ui/useListPage.ts';
import { SetupForm } from './SetupForm.tsx';
import { deleteSetup } from './setupMutations.ts';
import './setups.css';

/**
 * What the score is: the win rate of the setup's closed trades ("12 trades", or "n = 3" marked
 * Small sample under 10), or, until it has any, the mean probability of its plans ("planned").
 * Nothing for a row cached before the basis.
 */
function ScoreBasis({ setup }: { setup: TradeSetup }) {
  if (setup.successScoreBasis === undefined) return null;
  return (
    <small className="score-basis">
      {setup.successScoreBasis === 'trades' ? <SampleSize n={setup.successScoreTrades} /> : 'planned'}
    </small>
  );
}

/** The table's columns; the sortable ones name the page's sort keys. */
const COLUMNS = [
  { label: 'Name', sortBy: 'name' },
  { label: 'Description', sortBy: 'description' },
  { label: 'Success Score', sortBy: 'successScore' },
  { label: 'Entry/Exit Criteria' },
  { label: 'Notes', sortBy: 'notes' },
] as const satisfies readonly Column<string>[];

type SetupSortKey = Extract<(typeof COLUMNS)[number], { sortBy: string }>['sortBy'];

export default function TradeSetupsPage() {
  const list = useListPage<TradeSetup, SetupSortKey>({
    collection: 'tradeSetups',
    query: setupRows,
    defaultSort: 'name',
    shows: (s, search) =>
      matchesSearch(search, s.name, s.description, s.entryCriteria, s.exitCriteria, s.notes),
    remove: deleteSetup,
    deleteFallback: fallbackMessages.deleteSetup,
  });
  return (
    <ListPage
      {...PAGE_HEADINGS['/trade-setups']}
      newLabel="+ New Setup"
      list={list}
      search={{ label: 'Search trade setups', placeholder: 'Search setups' }}
      skeletonRows={4}
      empty={
        list.rows.length > 0 ? (
          <p className="empty-state">No trade setups match your search criteria.</p>
        ) : (
          <EmptyState
            title="No trade setups defined yet."
            hint={`A setup is ${firstSteps[1][2]}.`}
            next={firstSteps[2]}
          >
            <button type="button" onClick={() => list.setEditing('new')}>
              Create Your First Trade Setup
            </button>
          </EmptyState>
        )
      }
      table={{
        className: 'setups-table',
        columns: COLUMNS,
        cells: (setup) => (
          <>
            <NameCell row={setup} />
            <td data-label="Description">{setup.description}</td>
            <td data-label="Success Score" className="card-figure">
              {setup.successScore}
              <ScoreBasis setup={setup} />
            </td>
            <td data-label="Entry/Exit Criteria" className="criteria">
              <div>
                <strong>Entry:</strong> {truncateCriteria(setup.entryCriteria)}
              </div>
              <div>
                <strong>Exit:</strong> {truncateCriteria(setup.exitCriteria)}
              </div>
            </td>
            <td data-label="Notes">{setup.notes}</td>
          </>
        ),
      }}
      editor={{
        title: (setup) => (setup === 'new' ? 'Create New Trade Setup' : 'Edit Trade Setup'),
        form: (setup, close) => <SetupForm setup={setup} onSaved={close} onCancel={close} />,
      }}
      confirmDelete={{ title: 'Confirm Delete', name: (setup) => setup.name }}
    />
  );
}
