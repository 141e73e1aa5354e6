import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import EdgeDefinitionPage from '../../../src/client/edges/EdgeDefinitionPage.tsx';
import { setCollectionState } from '../../../src/client/sync/syncState.ts';
import { edgeFixture, firstCells, planFixture, resetCache, seed, tradeFixture } from '../fixtures.ts';

beforeEach(async () => {
  await resetCache();
});

const names = firstCells;

describe('Edge Definition page', () => {
  it('lists active edges only, with 1-decimal weight badges, sorted by name', async () => {
    await seed('edges', [
      edgeFixture({ name: 'Volume', weightFactor: 1 }),
      edgeFixture({ name: 'breakout', weightFactor: 0.35 }),
      edgeFixture({ name: 'Retired', isActive: false }),
    ]);
    render(<EdgeDefinitionPage />);
    await screen.findByText('Volume');
    expect(names()).toEqual(['breakout', 'Volume']);
    expect(screen.getByText('1.0').className).toContain('badge');
    expect(screen.getByText('0.3')).toBeTruthy(); // 0.35 shown with one decimal
    await userEvent.click(screen.getByRole('button', { name: /Weight/ }));
    expect(names()).toEqual(['breakout', 'Volume']);
    await userEvent.click(screen.getByRole('button', { name: /Weight/ }));
    expect(names()).toEqual(['Volume', 'breakout']);
  });

  it("shows each edge's expectancy and trades next to its weight, so a weight can be seen to be earned", async () => {
    await seed('edges', [
      edgeFixture({ id: 'e-trend', name: 'Trend' }),
      edgeFixture({ id: 'e-volume', name: 'Volume' }),
      edgeFixture({ id: 'e-gap', name: 'Gap' }),
      edgeFixture({ id: 'e-quiet', name: 'Quiet' }),
    ]);
    await seed('tradePlans', [
      planFixture({ id: 'p1', stock: 'AAPL', edgeIds: ['e-trend', 'e-volume'] }),
      planFixture({ id: 'p2', stock: 'MSFT', edgeIds: ['e-trend'] }),
      planFixture({ id: 'p3', stock: 'NVDA', edgeIds: ['e-gap'] }),
    ]);
    const closed = { closedAt: '2026-11-21T15:00:00.000Z', openQuantity: 0, initialStop: 95 };
    await seed('trades', [
      tradeFixture({ ...closed, symbol: 'AAPL', planId: 'p1', rMultiple: 2 }),
      tradeFixture({ ...closed, symbol: 'MSFT', planId: 'p2', rMultiple: -1 }),
      // Closed without a stop: it has no R to count.
      tradeFixture({ ...closed, symbol: 'NVDA', planId: 'p3', initialStop: null, rMultiple: null }),
    ]);
    render(<EdgeDefinitionPage />);
    const results = async (name: string) =>
      (await screen.findByRole('row', { name: new RegExp(`^${name}`) })).querySelector('.edge-results')
        ?.textContent;
    // (+2R − 1R) ÷ 2; the win's plan cites Volume as well.
    // Under 10 trades: the count as "n = 2", marked Small sample as on Review.
    expect(await results('Trend')).toBe('+0.50R · n = 2 Small sample');
    expect(await results('Volume')).toBe('+2.00R · n = 1 Small sample');
    expect(await results('Gap')).toBe('No trades with a stop yet');
    expect(await results('Quiet')).toBe('No trades yet');
  });

  it('says "n = …" beside an expectancy from fewer than 10 trades, and the trades from 10 on', async () => {
    await seed('edges', [
      edgeFixture({ id: 'e-few', name: 'Few' }),
      edgeFixture({ id: 'e-nine', name: 'Nine' }),
      edgeFixture({ id: 'e-ten', name: 'Ten' }),
    ]);
    const plans = [
      planFixture({ id: 'p-few', stock: 'AAPL', edgeIds: ['e-few'] }),
      planFixture({ id: 'p-nine', stock: 'MSFT', edgeIds: ['e-nine'] }),
      planFixture({ id: 'p-ten', stock: 'NVDA', edgeIds: ['e-ten'] }),
    ];
    await seed('tradePlans', plans);
    const closed = (symbol: string, planId: string, day: number, rMultiple: number) =>
      tradeFixture({
        symbol,
        planId,
        rMultiple,
        openedAt: `2026-10-${String(day).padStart(2, '0')}T14:00:00.000Z`,
        closedAt: `2026-10-${String(day).padStart(2, '0')}T15:00:00.000Z`,
        openQuantity: 0,
        initialStop: 95,
      });
    const days = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
    await seed('trades', [
      closed('AAPL', 'p-few', 1, 1),
      ...days(9).map((d) => closed('MSFT', 'p-nine', d, d % 2 === 0 ? 1 : -1)),
      ...days(10).map((d) => closed('NVDA', 'p-ten', d, d % 2 === 0 ? 1 : -1)),
    ]);
    render(<EdgeDefinitionPage />);
    const results = async (name: string) =>
      (await screen.findByRole('row', { name: new RegExp(`^${name}`) })).querySelector(
        '.edge-results',
      ) as HTMLElement;
    expect((await results('Few')).textContent).toBe('+1.00R · n = 1 Small sample');
    expect(within(await results('Few')).getByText('Small sample').className).toBe('badge badge-yellow');
    // Four wins of 1R, five losses of 1R: −1R over 9.
    expect((await results('Nine')).textContent).toBe('−0.11R · n = 9 Small sample');
    expect((await results('Ten')).textContent).toBe('0.00R · 10 trades');
  });

  it('searches name, description and identification notes', async () => {
    await seed('edges', [
      edgeFixture({ name: 'A', description: 'gap up', identificationNotes: 'x' }),
      edgeFixture({ name: 'B', description: 'y', identificationNotes: 'Look for GAP fills' }),
      edgeFixture({ name: 'C', description: 'z', identificationNotes: 'z' }),
    ]);
    render(<EdgeDefinitionPage />);
    await screen.findByText('C');
    await userEvent.type(screen.getByRole('searchbox'), 'gap');
    expect(names()).toEqual(['A', 'B']);
    await userEvent.type(screen.getByRole('searchbox'), 'xyz');
    expect(screen.getByText('No edges found')).toBeTruthy();
  });

  it('opens "Create New Edge" with the weight slider at 0.5 and checks the form before saving', async () => {
    await seed('edges', []);
    render(<EdgeDefinitionPage />);
    await userEvent.click(await screen.findByRole('button', { name: '+ New Edge' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Create New Edge' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Define Edge' })).toBeTruthy();
    const slider = within(dialog).getByRole('slider') as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['0', '1', '0.1', '0.5']);
    expect(within(dialog).getByText('Weight: 0.5')).toBeTruthy();
    // The name stops at its limit, and a counter says how near it is.
    await userEvent.type(within(dialog).getByLabelText('Name'), 'x'.repeat(101));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toHaveLength(100);
    expect(within(dialog).getByText('100 / 100')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Edge' }));
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByText('Identification notes are required')).toBeTruthy();
    // The first field in error takes the focus; an error goes as soon as its field is fixed.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Description'));
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Above EMA21');
    expect(within(dialog).queryByText('Description is required')).toBeNull();
    expect(within(dialog).getByText('Identification notes are required')).toBeTruthy();
  });

  it('opens "Edit Edge" filled in, and asks before deleting', async () => {
    await seed('edges', [edgeFixture({ name: 'Trend', weightFactor: 0.8 })]);
    render(<EdgeDefinitionPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit Edge' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Trend');
    expect((within(dialog).getByRole('slider') as HTMLInputElement).value).toBe('0.8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog');
    expect(within(confirm).getByRole('heading', { name: 'Delete Edge' })).toBeTruthy();
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete "Trend"? This action cannot be undone.',
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows a load error in a dismissible banner with Retry', async () => {
    await seed('edges', []);
    setCollectionState('edges', { error: 'Failed to load edges' });
    render(<EdgeDefinitionPage />);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Failed to load edges');
    expect(within(banner).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
