import { formatWeight } from '../../domain/format.ts';
import { fallbackMessages } from '../../domain/messages.ts';
import type { Edge } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { Badge } from '../ui/Badge.tsx';
import { ListPage } from '../ui/ListPage.tsx';
import { PendingMark } from '../ui/PendingMark.tsx';
import { matchesSearch } from '../ui/sorting.ts';
import { useListPage } from '../ui/useListPage.ts';
import { EdgeForm } from './EdgeForm.tsx';
import { deleteEdge } from './edgeMutations.ts';

export default function EdgeDefinitionPage() {
  const list = useListPage<Edge, 'name' | 'description' | 'weightFactor' | 'identificationNotes'>({
    collection: 'edges',
    query: () => db.edges.toArray(),
    defaultSort: 'name',
    // Only active edges are listed; deleted ones stay linked to the plans that cite them.
    shows: (e, search) => e.isActive && matchesSearch(search, e.name, e.description, e.identificationNotes),
    remove: deleteEdge,
    deleteFallback: fallbackMessages.deleteEdge,
  });
  return (
    <ListPage
      title="Edge Definition"
      subtitle="Define the weighted reasons you take a trade"
      newLabel="+ New Edge"
      list={list}
      search={{ label: 'Search edges', placeholder: 'Search by name, description or identification notes' }}
      retry
      skeletonRows={4}
      empty={<p className="empty-state">No edges found</p>}
      table={{
        className: 'edges-table',
        columns: [
          { label: 'Name', sortBy: 'name' },
          { label: 'Description', sortBy: 'description' },
          { label: 'Weight', sortBy: 'weightFactor' },
          { label: 'Identification Notes', sortBy: 'identificationNotes' },
        ],
        cells: (edge) => (
          <>
            <td data-label="Name">
              {edge.name}
              <PendingMark row={edge} />
            </td>
            <td data-label="Description">{edge.description}</td>
            <td data-label="Weight">
              <Badge color="blue">{formatWeight(edge.weightFactor)}</Badge>
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
