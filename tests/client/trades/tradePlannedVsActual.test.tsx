import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TradeDetails } from '../../../src/client/trades/TradeDetails.tsx';
import type { Trade } from '../../../src/domain/types.ts';
import { seedPlannedJournal, trades } from '../plannedVsActualJournal.ts';

beforeEach(seedPlannedJournal);

describe('a trade’s details: planned against actual', () => {
  const details = async (trade: Trade) => {
    render(<TradeDetails trade={trade} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    return async (term: string) => {
      const dt = await within(dialog).findByText(term, { selector: 'dt' });
      return dt.nextElementSibling?.textContent;
    };
  };

  it('shows the entry, size, stop and exit against the plan', async () => {
    const line = await details(trades[0]!);
    expect(await line('Entry against plan')).toBe("$0.50 a share (+0.10R) worse than the plan's $100.00");
    expect(await line('Size against plan')).toBe('120 shares of 100 planned today (120%)');
    expect(await line('Stop against plan')).toBe('As planned, $95.00');
    expect(await line('Exit against plan')).toBe('Reached the target (target $110.00, stop $95.00)');
  });

  it('a better entry, a stop hit', async () => {
    const line = await details(trades[2]!);
    expect(await line('Entry against plan')).toBe(
      "$0.50 a share (\u22120.10R) better than the plan's $100.00",
    );
    expect(await line('Size against plan')).toBe('50 shares of 100 planned today (50%)');
    expect(await line('Exit against plan')).toBe("Stopped at the plan's stop (target none, stop $95.00)");
  });

  it('a moved stop, an exit short of the target', async () => {
    const moved = await details(trades[1]!);
    expect(await moved('Stop against plan')).toBe("Moved: $94.00, the plan's $95.00");
    expect(await moved('Exit against plan')).toBe(
      'Cut short before the target (target $110.00, stop $95.00)',
    );
  });

  it('shows none of it for an unplanned trade', async () => {
    render(<TradeDetails trade={trades[3]!} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Entry → Exit', { selector: 'dt' });
    expect(within(dialog).queryByText('Entry against plan')).toBeNull();
  });
});
