import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { dateRangeQuery, newYorkDate } from '../../domain/dateRanges.ts';
import { formatR, formatSignedMoney } from '../../domain/format.ts';
import {
  type CalendarDay,
  type CalendarFigures,
  pnlCalendar,
  shiftMonth,
  tradesClosedOn,
} from '../../domain/pnlCalendar.ts';
import { isReviewedTrade } from '../../domain/stats.ts';
import type { Trade } from '../../domain/types.ts';
import { formatDay } from '../ui/DateRangeFilter.tsx';
import type { DateRangeState } from '../ui/useDateRange.ts';
import { formatTradeCount } from './statsFormat.ts';
import './pnlCalendar.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const monthFormat = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', month: 'long', year: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', weekday: 'long' });
const monthNameFormat = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', month: 'long' });
const noon = (date: string) => new Date(`${date}T12:00:00Z`);
const formatMonth = (month: string) => monthFormat.format(noon(`${month}-01`));

/**
 * "+1.2k", "−80", "0": a day's P&L in a phone's cell, dollars as the month's total above says, in
 * at most five characters: at the body's size a fifth of a 390 px screen holds no more (issue 40).
 */
export function compactMoney(amount: number): string {
  const abs = Math.abs(amount);
  const sign = Math.round(abs) === 0 ? '' : amount > 0 ? '+' : '\u2212';
  const short = (n: number, unit: string) => `${n.toFixed(n >= 9.95 ? 0 : 1)}${unit}`;
  const text =
    abs >= 999_500 ? short(abs / 1e6, 'M') : abs >= 999.5 ? short(abs / 1000, 'k') : `${Math.round(abs)}`;
  return `${sign}${text}`;
}

/** Saturday and Sunday: a phone's grid holds the trading week, a weekend day only when it has trades. */
const isWeekend = (date: string) => [0, 6].includes(noon(date).getUTCDay());

const toneOf = (figures: CalendarFigures) =>
  figures.trades === 0 || figures.netPnl === 0 ? 'flat' : figures.netPnl > 0 ? 'gain' : 'loss';
/** The class that colours a text figure by its sign (app/base.css); the sign is in the text too. */
const textTone = (amount: number) => (amount > 0 ? 'positive' : amount < 0 ? 'negative' : undefined);

/** The figures in words: "+$100.10, +1.00R, 2 trades". */
const figuresText = (f: CalendarFigures) =>
  `${formatSignedMoney(f.netPnl)}, ${f.r === null ? 'no R' : formatR(f.r)}, ${formatTradeCount(f.trades)}`;

/**
 * The P&L calendar (docs/product.md, "Review"): the month of the range's last day, each New York
 * day's net P&L and R from the range's trades, week and month totals; a tap on a day lists its
 * trades below the grid.
 */
export function PnlCalendarSection({
  trades,
  dateRange,
}: {
  trades: readonly Trade[];
  dateRange: DateRangeState;
}) {
  const { days, today, range } = dateRange;
  const rangeKey = JSON.stringify(range);
  const lastMonth = (days.to ?? today).slice(0, 7);
  const firstMonth = useMemo(() => {
    if (days.from !== null) return days.from.slice(0, 7);
    // Every date: back to the month of the first trade closed.
    let first: string | undefined;
    for (const t of trades) if (isReviewedTrade(t) && (!first || t.closedAt! < first)) first = t.closedAt!;
    return first === undefined ? lastMonth : [newYorkDate(first).slice(0, 7), lastMonth].sort()[0]!;
  }, [days.from, trades, lastMonth]);
  // The month follows the range until the trader moves it; a new range starts from its last month.
  const [chosen, setChosen] = useState<{ rangeKey: string; month: string }>();
  const wanted = chosen?.rangeKey === rangeKey ? chosen.month : lastMonth;
  // Within the range's months (YYYY-MM sorts as it reads): the middle of the three.
  const month = [firstMonth, wanted, lastMonth].sort()[1]!;
  const [selected, setSelected] = useState<string>();
  const calendar = useMemo(() => pnlCalendar(trades, month), [trades, month]);
  const selectedDay = calendar.weeks
    .flatMap((w) => w.days)
    .find((d) => d.inMonth && d.date === selected && d.trades > 0);
  const dayTrades = useMemo(
    () => (selectedDay ? tradesClosedOn(trades, selectedDay.date) : []),
    [trades, selectedDay],
  );
  const move = (by: number) => {
    setChosen({ rangeKey, month: shiftMonth(month, by) });
    setSelected(undefined);
  };
  const linkQuery = dateRangeQuery(range);

  return (
    <section className="review-group pnl-calendar" aria-labelledby="pnl-calendar-title">
      <h2 id="pnl-calendar-title">P&amp;L calendar</h2>
      <div className="pnl-calendar-nav">
        <button
          type="button"
          className="secondary outline"
          aria-label="Previous month"
          disabled={month <= firstMonth}
          onClick={() => move(-1)}
        >
          ‹
        </button>
        <h3 className="pnl-calendar-month" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <button
          type="button"
          className="secondary outline"
          aria-label="Next month"
          disabled={month >= lastMonth}
          onClick={() => move(1)}
        >
          ›
        </button>
      </div>
      <p className="pnl-calendar-total">
        Month: <span className={textTone(calendar.netPnl)}>{formatSignedMoney(calendar.netPnl)}</span>
        {' · '}
        {calendar.r === null ? 'no R' : formatR(calendar.r)}
        {' · '}
        {formatTradeCount(calendar.trades)}
      </p>
      <div className="pnl-calendar-grid">
        {[...WEEKDAYS, 'Week'].map((d) => (
          <div
            key={d}
            className={`pnl-calendar-head${d === 'Week' ? ' pnl-week-head' : ''}${d === 'Sat' || d === 'Sun' ? ' pnl-weekend' : ''}`}
            aria-hidden="true"
          >
            {d}
          </div>
        ))}
        {calendar.weeks.map((week) => (
          <div key={week.days[0]!.date} className="pnl-calendar-week">
            {week.days.map((day) => (
              <DayCell
                key={day.date}
                day={day}
                selected={day.date === selectedDay?.date}
                onSelect={() => setSelected(day.date === selectedDay?.date ? undefined : day.date)}
              />
            ))}
            <div className={`pnl-week ${toneOf(week)}`}>
              <span className="visually-hidden">Week of {formatDay(week.days[0]!.date)}: </span>
              {week.trades === 0 ? (
                <span className="muted">—</span>
              ) : (
                <>
                  <span className="pnl-money">{formatSignedMoney(week.netPnl)}</span>{' '}
                  <span className="pnl-r">{week.r === null ? 'no R' : formatR(week.r)}</span>
                </>
              )}
            </div>
          </div>
        ))}
      </div>
      {selectedDay && (
        <section className="pnl-day-trades" aria-labelledby="pnl-day-title">
          <h3 id="pnl-day-title">
            {weekdayFormat.format(noon(selectedDay.date))}, {formatDay(selectedDay.date)}:{' '}
            <span className={textTone(selectedDay.netPnl)}>{figuresText(selectedDay)}</span>
          </h3>
          <ul>
            {dayTrades.map((t) => (
              <li key={t.id}>
                <Link href={`/trades?${new URLSearchParams({ ...linkQuery, trade: t.id })}`}>
                  <strong>{t.symbol}</strong> <span className="muted">{t.direction}</span>
                  <span className={textTone(t.netPnl ?? 0)}>{formatSignedMoney(t.netPnl ?? 0)}</span>
                  <span>{t.rMultiple === null ? 'no R' : formatR(t.rMultiple)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function DayCell({ day, selected, onSelect }: { day: CalendarDay; selected: boolean; onSelect: () => void }) {
  const number = Number(day.date.slice(8));
  const weekend = isWeekend(day.date) ? ' pnl-weekend' : '';
  if (!day.inMonth) return <div className={`pnl-day pnl-day-out${weekend}`} aria-hidden="true" />;
  if (day.trades === 0) {
    return (
      <div className={`pnl-day pnl-day-none${weekend}`}>
        <span className="pnl-date">{number}</span>
      </div>
    );
  }
  // Named by its text, so the name holds what is seen (WCAG 2.5.3): the weekday and month for a
  // screen reader; at phone size the short P&L shows and the rest stays in the name, not on screen
  // (a weekend day, on a line of its own there, shows them all).
  return (
    <button
      type="button"
      className={`pnl-day ${toneOf(day)} level-${day.level}${weekend}`}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className="visually-hidden">
        {`${weekdayFormat.format(noon(day.date))}, ${monthNameFormat.format(noon(day.date))} `}
      </span>
      <span className="pnl-date">{number}</span>
      <span className="visually-hidden">: </span>
      <span className="pnl-money-short">{compactMoney(day.netPnl)}</span>
      <span className="pnl-money visually-hidden-on-phone">{formatSignedMoney(day.netPnl)}</span>
      <span className="pnl-r visually-hidden-on-phone">{day.r === null ? 'no R' : formatR(day.r)}</span>
      <span className="pnl-count visually-hidden-on-phone">{formatTradeCount(day.trades)}</span>
    </button>
  );
}
