// The one module that imports uPlot. LineChart.tsx loads it on demand, so the library never
// reaches the initial JavaScript. It imports nothing else of the app, React included: a chunk
// that shares no module with the entry cannot pull one out of it into a chunk of its own.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LineChartProps } from './chartTypes.ts';

const AXIS_FONT_PX = 12;

/**
 * Draws lines over time on a canvas that fills `el` (whose height the page reserves in CSS) and
 * follows its size. Colours are CSS custom properties read at every draw, so a switch to dark
 * mode only needs a redraw. Returns the cleanup.
 */
export function drawLineChart(el: HTMLElement, { x, series, formatY, baseline }: LineChartProps): () => void {
  const color = (name: string) => getComputedStyle(el).getPropertyValue(name).trim() || 'currentColor';
  const font = `${AXIS_FONT_PX}px ${getComputedStyle(el).fontFamily}`;
  const axis = {
    stroke: () => color('--pico-muted-color'),
    grid: { stroke: () => color('--pico-muted-border-color'), width: 1 },
    ticks: { stroke: () => color('--pico-muted-border-color'), width: 1 },
    font,
  };
  const options: uPlot.Options = {
    width: el.clientWidth,
    height: el.clientHeight,
    // A chart to read, not to explore: no legend (the figure has its own), no cursor or
    // selection to fight a phone's scrolling.
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: true },
      y: {
        // The baseline (0R) stays in view, so a curve that never went below it still shows that.
        range: (_u, min, max) =>
          uPlot.rangeNum(
            baseline === undefined ? min : Math.min(min, baseline),
            baseline === undefined ? max : Math.max(max, baseline),
            0.1,
            true,
          ),
      },
    },
    axes: [
      { ...axis, space: 60 },
      {
        ...axis,
        values: (_u, splits) => splits.map(formatY),
        // Wide enough for the longest label ("+12.50R", "$1,234.56") and no wider.
        size: (_u, values) =>
          Math.ceil(Math.max(3, ...(values ?? []).map((v) => v.length)) * AXIS_FONT_PX * 0.62) + 16,
      },
    ],
    series: [
      {},
      ...series.map((s) => ({
        label: s.label,
        stroke: () => color(s.color),
        width: 2,
        ...(s.dash ? { dash: s.dash } : {}),
        // Each point marked only while they are few enough to tell apart (a trade's, not a day's).
        points: {
          show: x.length <= 30,
          fill: () => color('--pico-background-color'),
          stroke: () => color(s.color),
        },
      })),
    ],
    hooks:
      baseline === undefined
        ? {}
        : {
            draw: [
              (u) => {
                const y = Math.round(u.valToPos(baseline, 'y', true)) + 0.5;
                const { ctx, bbox } = u;
                ctx.save();
                ctx.strokeStyle = color('--pico-muted-color');
                ctx.lineWidth = 1;
                ctx.setLineDash([4, 4]);
                ctx.beginPath();
                ctx.moveTo(bbox.left, y);
                ctx.lineTo(bbox.left + bbox.width, y);
                ctx.stroke();
                ctx.restore();
              },
            ],
          },
  };
  const data = [x as number[], ...series.map((s) => s.values as (number | null)[])] as uPlot.AlignedData;
  const chart = new uPlot(options, data, el);

  let size = { width: el.clientWidth, height: el.clientHeight };
  const resized = new ResizeObserver(() => {
    const next = { width: el.clientWidth, height: el.clientHeight };
    if (next.width === size.width && next.height === size.height) return;
    size = next;
    chart.setSize(next);
  });
  resized.observe(el);
  const scheme = window.matchMedia('(prefers-color-scheme: dark)');
  const repaint = () => chart.redraw(false);
  scheme.addEventListener('change', repaint);

  return () => {
    scheme.removeEventListener('change', repaint);
    resized.disconnect();
    chart.destroy();
  };
}
