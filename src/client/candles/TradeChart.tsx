import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Candle } from '../../domain/candles.ts';
import { newYorkDay } from '../../domain/candles.ts';
import { formatPrice } from '../../domain/format.ts';
import { sessionFraction } from '../../domain/marketHours.ts';

export interface ChartFill {
  id: string;
  side: 'Buy' | 'Sell';
  quantity: number;
  price: number;
  executedAt: string;
}

export interface ChartLevel {
  label: 'Entry' | 'Stop' | 'Target';
  price: number;
}

interface TradeChartProps {
  symbol: string;
  candles: readonly Candle[];
  fills: readonly ChartFill[];
  levels: readonly ChartLevel[];
}

const HEIGHT = 260;
const RIGHT = 62; // price labels
const BOTTOM = 22; // date labels
const TOP = 8;

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayYearLabel = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const showDay = (day: string, withYear = false) =>
  (withYear ? dayYearLabel : dayLabel).format(new Date(`${day}T12:00:00Z`));

/** The chart's width in CSS pixels, followed as its box changes: text stays its true size. */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(600);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.round(el.clientWidth)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** Four to six round prices across the range. */
function priceTicks(min: number, max: number): number[] {
  const raw = (max - min) / 5;
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max; v += step) ticks.push(Math.round(v * 10_000) / 10_000);
  return ticks;
}

/** The chart in words, for screen readers and as the figure's text alternative. */
export function tradeChartSummary(
  symbol: string,
  candles: readonly Candle[],
  fills: readonly ChartFill[],
  levels: readonly ChartLevel[],
): string {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last) return `${symbol}: no daily candles.`;
  const low = Math.min(...candles.map((c) => c.low));
  const high = Math.max(...candles.map((c) => c.high));
  const parts = [
    `${symbol} daily candles from ${showDay(first.day)} to ${showDay(last.day, true)}: ${candles.length} sessions, low ${formatPrice(low)}, high ${formatPrice(high)}.`,
  ];
  if (fills.length > 0) {
    parts.push(
      `${fills
        .map(
          (f) =>
            `${f.side === 'Buy' ? 'Bought' : 'Sold'} ${f.quantity} at ${formatPrice(f.price)} on ${showDay(newYorkDay(f.executedAt))}`,
        )
        .join('; ')}.`,
    );
  }
  if (levels.length > 0) {
    parts.push(`Plan: ${levels.map((l) => `${l.label.toLowerCase()} ${formatPrice(l.price)}`).join(', ')}.`);
  }
  return parts.join(' ');
}

/**
 * A trade on its daily candles (docs/product.md, "Candles"): SVG drawn by React, no library. Each
 * fill is a triangle at its price and time (a buy points up from below, a sell down from above),
 * the plan's entry, stop and target labelled dashed lines. The SVG is as wide as its box, so its
 * text is the page's size at 390 px as at 1280.
 */
export function TradeChart({ symbol, candles, fills, levels }: TradeChartProps) {
  const [ref, width] = useWidth();
  const chart = useMemo(() => {
    const plotW = width - RIGHT;
    const plotH = HEIGHT - TOP - BOTTOM;
    const prices = [
      ...candles.flatMap((c) => [c.low, c.high]),
      ...fills.map((f) => f.price),
      ...levels.map((l) => l.price),
    ];
    const lo = Math.min(...prices);
    const hi = Math.max(...prices);
    const pad = (hi - lo) * 0.06 || hi * 0.02 || 1;
    const min = lo - pad;
    const max = hi + pad;
    const y = (p: number) => TOP + ((max - p) / (max - min)) * plotH;
    const slot = plotW / Math.max(1, candles.length);
    const index = new Map(candles.map((c, i) => [c.day, i]));
    const bodyW = Math.max(1, Math.min(12, slot * 0.6));
    const every = Math.max(1, Math.ceil(candles.length / Math.max(2, Math.floor(plotW / 70))));
    const fillMarks = fills.flatMap((f) => {
      const i = index.get(newYorkDay(f.executedAt));
      if (i === undefined) return [];
      const fraction = sessionFraction(new Date(f.executedAt)) ?? 0.5;
      return [{ ...f, x: slot * i + slot * (0.15 + 0.7 * fraction), y: y(f.price) }];
    });
    return { plotW, plotH, y, slot, bodyW, every, fillMarks, ticks: priceTicks(min, max) };
  }, [candles, fills, levels, width]);

  const summary = tradeChartSummary(symbol, candles, fills, levels);
  const { plotW, plotH, y, slot, bodyW, every, fillMarks, ticks } = chart;
  const m = 7; // a fill marker's half width
  return (
    <figure className="trade-chart" ref={ref}>
      {/* Named by its <title> (not aria-label): a label of the details' own fields stays theirs. */}
      <svg role="img" width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`}>
        <title>{summary}</title>
        {ticks.map((p) => (
          <g key={p} className="trade-chart-grid">
            <line x1={0} x2={plotW} y1={y(p)} y2={y(p)} />
            <text x={plotW + 4} y={y(p) + 4}>
              {formatPrice(p)}
            </text>
          </g>
        ))}
        {candles.map((c, i) => {
          const x = slot * i + slot / 2;
          const up = c.close >= c.open;
          const top = y(Math.max(c.open, c.close));
          const bottom = y(Math.min(c.open, c.close));
          return (
            <g key={c.day} className={up ? 'candle-up' : 'candle-down'}>
              <line x1={x} x2={x} y1={y(c.high)} y2={y(c.low)} />
              <rect x={x - bodyW / 2} y={top} width={bodyW} height={Math.max(1, bottom - top)} />
            </g>
          );
        })}
        {candles.map((c, i) =>
          // Every few days, never cut by the plot's edges.
          i % every === 0 && slot * i + slot / 2 >= 26 && slot * i + slot / 2 <= plotW - 26 ? (
            <text key={c.day} className="trade-chart-day" x={slot * i + slot / 2} y={TOP + plotH + 16}>
              {showDay(c.day)}
            </text>
          ) : null,
        )}
        {levels.map((l) => (
          <g key={l.label} className={`trade-chart-level level-${l.label.toLowerCase()}`}>
            <line x1={0} x2={plotW} y1={y(l.price)} y2={y(l.price)} />
            <text x={4} y={y(l.price) - 4}>
              {l.label} {formatPrice(l.price)}
            </text>
          </g>
        ))}
        {fillMarks.map((f) =>
          f.side === 'Buy' ? (
            <path
              key={f.id}
              className="fill-buy"
              d={`M${f.x} ${f.y}l${m} ${m * 1.6}h${-2 * m}z`}
              data-fill={f.id}
            />
          ) : (
            <path
              key={f.id}
              className="fill-sell"
              d={`M${f.x} ${f.y}l${m} ${-m * 1.6}h${-2 * m}z`}
              data-fill={f.id}
            />
          ),
        )}
      </svg>
      <figcaption className="trade-chart-legend" aria-hidden="true">
        <span className="legend-buy">▲ Buy</span> <span className="legend-sell">▼ Sell</span>
        {levels.length > 0 && <span> · dashed: the plan's levels</span>}
      </figcaption>
    </figure>
  );
}
