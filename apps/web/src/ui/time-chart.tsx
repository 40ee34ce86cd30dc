import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import 'uplot/dist/uPlot.min.css';
import { Button } from './button';

/**
 * A time-series line chart on uPlot (decision 0025: the smallest of the three candidates, drawn on
 * a canvas), always with a table of the same numbers: a screen reader gets the table, and anyone
 * can open it under the chart. Colours come from the theme's CSS variables and follow a theme
 * change.
 */
export interface TimeChartSeries {
  label: string;
  values: number[];
  /** A CSS colour variable of the theme, e.g. `--color-primary`. */
  colorVar: string;
}

export interface TimeChartProps {
  title: string;
  /** One label per point (shown in the table and on the x axis). */
  labels: string[];
  series: TimeChartSeries[];
  height?: number;
}

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

/** Re-reads the theme when <html>'s class or style changes (the theme applier writes those). */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

export function TimeChart({ title, labels, series, height = 260 }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const theme = useThemeVersion();
  const format = useFormat();
  const { trans } = useTrans();

  // `theme` is read through the CSS variables: a theme change must redraw with the new colours.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    const el = box.current;
    if (!el || labels.length === 0) return;
    const fg = cssVar('--color-muted', '#888');
    const grid = cssVar('--color-divider', '#ddd');
    const xs = labels.map((_, i) => i);
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height,
      // Room on the right for half of the last date label, which is centred on its tick.
      padding: [null, 40, null, null],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [
        {
          stroke: fg,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          // Whole buckets only, far enough apart for a date to fit.
          space: 90,
          incrs: [1, 2, 3, 4, 6, 7, 12, 14, 24, 30, 48, 60, 90, 120],
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
        },
        { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
      ],
      series: [
        { label: trans('Bucket'), value: (_u, i) => (i === null ? '' : (labels[Math.round(i)] ?? '')) },
        ...series.map((s) => {
          const color = cssVar(s.colorVar, '#1db954');
          return {
            label: s.label,
            stroke: color,
            width: 2,
            fill: `${color}22`,
            points: { show: labels.length < 40 },
          };
        }),
      ],
    };
    const chart = new uPlot(opts, [xs, ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, height, theme, trans]);

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex items-center justify-between gap-2">
        <span className="text-base font-semibold text-fg">{title}</span>
        <Button variant="text" size="sm" onPress={() => setShowTable((v) => !v)} aria-expanded={showTable}>
          {showTable ? trans('Hide data table') : trans('Show data table')}
        </Button>
      </figcaption>
      {labels.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">{trans('No data for this range.')}</p>
      ) : (
        <div ref={box} aria-hidden="true" className="zema-chart w-full text-xs text-muted" />
      )}
      <div className={showTable ? 'max-h-80 overflow-auto' : 'sr-only'}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="py-1">
                {trans('Period')}
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="py-1 text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label} className="border-t border-divider">
                <th scope="row" className="py-1 font-normal">
                  {label}
                </th>
                {series.map((s) => (
                  <td key={s.label} className="py-1 text-right tabular-nums">
                    {format.number(s.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
