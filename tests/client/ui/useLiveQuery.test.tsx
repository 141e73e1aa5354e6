import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { edgeFixture, resetCache } from '../fixtures.ts';

let dbModule: typeof import('../../../src/client/db/db.ts');
let hook: typeof import('../../../src/client/ui/useLiveQuery.ts');

beforeAll(async () => {
  dbModule = await import('../../../src/client/db/db.ts');
  hook = await import('../../../src/client/ui/useLiveQuery.ts');
});
beforeEach(() => resetCache());

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError = (error: Error) => ({ error });
  override render = () =>
    this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
}

function FailingReader() {
  hook.useLiveQuery(() => Promise.reject(new Error('no such table')), []);
  return <p>Read</p>;
}

describe('useLiveQuery', () => {
  it('answers undefined, then the result, then the result after every write that touches it', async () => {
    const { result } = renderHook(() => hook.useLiveQuery(() => dbModule.db.edges.count(), []));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe(0));
    await act(() => dbModule.db.edges.put(edgeFixture({ id: 'e1' })));
    await waitFor(() => expect(result.current).toBe(1));
  });

  it('keeps the previous result while the query of new deps runs', async () => {
    await dbModule.db.edges.bulkPut([
      edgeFixture({ id: 'e1', name: 'One' }),
      edgeFixture({ id: 'e2', name: 'Two' }),
    ]);
    const seen: (string | undefined)[] = [];
    const { rerender } = renderHook(
      ({ id }) => {
        const name = hook.useLiveQuery(async () => (await dbModule.db.edges.get(id))?.name, [id]);
        seen.push(name);
        return name;
      },
      { initialProps: { id: 'e1' } },
    );
    await waitFor(() => expect(seen.at(-1)).toBe('One'));
    rerender({ id: 'e2' });
    await waitFor(() => expect(seen.at(-1)).toBe('Two'));
    expect(seen.slice(seen.indexOf('One'))).not.toContain(undefined);
  });

  it("throws a failing query's error to the nearest error boundary", async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      render(
        <Boundary>
          <FailingReader />
        </Boundary>,
      );
      expect(await screen.findByText('Failed: no such table')).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});
