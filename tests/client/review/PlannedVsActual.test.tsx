import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PlannedVsActual } from '../../../src/client/review/PlannedVsActual.tsx';
import ReviewPage from '../../../src/client/review/ReviewPage.tsx';
import { groupRowOf, seed } from '../fixtures.ts';
import { seedPlannedJournal, trades } from '../plannedVsActualJournal.ts';

beforeEach(async () => {
  await seedPlannedJournal();
  await seed('trades', trades); // the plans it reads are those a cached trade links to
});

/** A group's cells by column. */
const rowOf = (table: HTMLElement, label: string) => groupRowOf(table, label).cell;

describe('Review: planned against actual', () => {
  it('shows the aggregates overall and by setup, worked by hand, each with its n', async () => {
    render(<PlannedVsActual trades={trades} />);
    const table = await screen.findByRole('table', { name: 'Planned against actual' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.firstChild?.textContent),
    ).toEqual(['All planned trades', 'Flag', 'No setup']);
    const all = rowOf(table, 'All planned trades');
    expect(all('Trades')).toBe('3');
    expect(all('Entry slippage')).toBe('0.00R n = 3'); // (0.1 + 0 − 0.1) ÷ 3
    expect(all('Size taken')).toBe('90.0% n = 3'); // (1.2 + 1 + 0.5) ÷ 3
    expect(all('Over planned size')).toBe('1 of 3 (33.3%)');
    expect(all('Stop moved')).toBe('1 of 3 (33.3%)');
    expect(all('Target cut short')).toBe('1 of 2 (50.0%)'); // of the two with a target
    const flag = rowOf(table, 'Flag');
    expect(flag('Entry slippage')).toBe('+0.05R n = 2');
    expect(flag('Size taken')).toBe('110.0% n = 2');
    expect(flag('Over planned size')).toBe('1 of 2 (50.0%)');
    const none = rowOf(table, 'No setup');
    expect(none('Entry slippage')).toBe('\u22120.10R n = 1');
    expect(none('Over planned size')).toBe('0 of 1 (0.0%)');
    expect(none('Target cut short')).toBe('—');
    // Every row is a small sample here.
    expect(within(table).getAllByText('Small sample')).toHaveLength(3);
    const exits = screen.getByRole('list');
    expect(exits.textContent).toContain('Reached the target: 1');
    expect(exits.textContent).toContain('Cut short before the target: 1');
    expect(exits.textContent).toContain("Stopped at the plan's stop: 1");
    expect(exits.textContent).toContain("Lost more than the plan's stop: 0");
    expect(exits.textContent).toContain('of 3 closed trades');
  });

  it('says so when no trade is linked to a plan', async () => {
    render(<PlannedVsActual trades={trades.slice(3)} />);
    expect(await screen.findByText('No trades linked to a plan yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is a section of the Review page, over the page’s trades', async () => {
    await seed('trades', trades);
    render(<ReviewPage />);
    const table = await screen.findByRole('table', { name: 'Planned against actual' });
    expect(rowOf(table, 'All planned trades')('Trades')).toBe('3');
  });
});
