import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import TradeSetupsPage from '../../../src/client/setups/TradeSetupsPage.tsx';
import { firstCells, resetCache, seed, setupFixture } from '../fixtures.ts';

beforeEach(async () => {
  await resetCache();
});

const names = firstCells;

describe('Trade Setups page', () => {
  it('invites the first setup when there are none', async () => {
    await seed('tradeSetups', []);
    render(<TradeSetupsPage />);
    expect(await screen.findByText('No trade setups defined yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Trade Setup' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('cuts criteria at 50 characters plus "..." and keeps shorter ones whole', async () => {
    const long = 'Breakout above the prior high with volume over 150% of average';
    await seed('tradeSetups', [
      setupFixture({ name: 'Flag', entryCriteria: long, exitCriteria: 'Close below EMA10' }),
    ]);
    render(<TradeSetupsPage />);
    const cell = await screen.findByText(
      (_, el) => el?.tagName === 'TD' && (el.textContent ?? '').includes('Entry:'),
    );
    expect(cell.textContent).toContain(`Entry: ${long.slice(0, 50)}...`);
    expect(cell.textContent).toContain('Exit: Close below EMA10');
    expect(cell.textContent).not.toContain('Close below EMA10...');
  });

  it('searches every text field and sorts by success score', async () => {
    await seed('tradeSetups', [
      setupFixture({ name: 'Alpha', successScore: 70, notes: 'works in bull markets' }),
      setupFixture({ name: 'Beta', successScore: 40, exitCriteria: 'BULL trap' }),
      setupFixture({ name: 'Gamma', successScore: 55 }),
    ]);
    render(<TradeSetupsPage />);
    await screen.findByText('Gamma');
    await userEvent.click(screen.getByRole('button', { name: /Success Score/ }));
    expect(names()).toEqual(['Beta', 'Gamma', 'Alpha']);
    await userEvent.type(screen.getByRole('searchbox'), 'bull');
    expect(names()).toEqual(['Beta', 'Alpha']);
    await userEvent.type(screen.getByRole('searchbox'), 'ish');
    expect(screen.getByText('No trade setups match your search criteria.')).toBeTruthy();
  });

  it("says under the success score what it rests on: the setup's trades, or its plans", async () => {
    await seed('tradeSetups', [
      setupFixture({ name: 'Flag', successScore: 58, successScoreBasis: 'trades', successScoreTrades: 12 }),
      setupFixture({ name: 'Cup', successScore: 65, successScoreBasis: 'planned', successScoreTrades: 0 }),
      setupFixture({ name: 'Wedge', successScore: 100, successScoreBasis: 'trades', successScoreTrades: 1 }),
    ]);
    render(<TradeSetupsPage />);
    const score = async (name: string) =>
      (await screen.findByRole('row', { name: new RegExp(`^${name}`) })).querySelector(
        '[data-label="Success Score"]',
      )?.textContent;
    expect(await score('Flag')).toBe('5812 trades');
    expect(await score('Cup')).toBe('65planned');
    expect(await score('Wedge')).toBe('100n = 1 Small sample');
    expect(screen.getByText('12 trades').className).toBe('score-basis');
  });

  it('says "n = …" beside a score from fewer than 10 trades, marked Small sample as on Review', async () => {
    await seed('tradeSetups', [
      setupFixture({ name: 'Flag', successScore: 100, successScoreBasis: 'trades', successScoreTrades: 1 }),
      setupFixture({ name: 'Cup', successScore: 44, successScoreBasis: 'trades', successScoreTrades: 9 }),
      setupFixture({ name: 'Wedge', successScore: 60, successScoreBasis: 'trades', successScoreTrades: 10 }),
      setupFixture({ name: 'Base', successScore: 65, successScoreBasis: 'planned', successScoreTrades: 0 }),
    ]);
    render(<TradeSetupsPage />);
    const basis = async (name: string) => {
      const row = await screen.findByRole('row', { name: new RegExp(`^${name}`) });
      return row.querySelector('[data-label="Success Score"] .score-basis') as HTMLElement;
    };
    for (const [name, n] of [
      ['Flag', 1],
      ['Cup', 9],
    ] as const) {
      const shown = await basis(name);
      expect(shown.textContent).toBe(`n = ${n} Small sample`);
      expect(within(shown).getByText('Small sample').className).toBe('badge badge-yellow');
    }
    expect((await basis('Wedge')).textContent).toBe('10 trades');
    expect((await basis('Base')).textContent).toBe('planned');
    expect(screen.getAllByText('Small sample')).toHaveLength(2);
  });

  it('checks lengths before saving and confirms deletes with the spec text', async () => {
    await seed('tradeSetups', [setupFixture({ name: 'Flag' })]);
    render(<TradeSetupsPage />);
    await userEvent.click(await screen.findByRole('button', { name: '+ New Setup' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Setup' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog');
    expect(within(confirm).getByRole('heading', { name: 'Confirm Delete' })).toBeTruthy();
    expect(confirm.textContent).toContain(
      'Are you sure you want to delete "Flag"? This action cannot be undone.',
    );
  });
});
