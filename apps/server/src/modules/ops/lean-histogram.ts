import type { Registry } from 'prom-client';

/** One series: its labels, its per-bucket counts (not yet cumulative), sum and count. */
export type Cell = { labels: Labels; counts: number[]; sum: number; count: number };
type Labels = Record<string, string | number>;
type Sample = { metricName: string; labels: Labels; value: number };

/**
 * A histogram for the hot paths (every request, every statement), exposed through a prom-client
 * registry like its own metrics. prom-client's `observe` checks and hashes its labels on every
 * call (about a microsecond); here a caller keeps the cell of its series and an observation is a
 * bucket search and three additions. The exposition is prom-client's (`_bucket{le}`, `_sum`,
 * `_count`), from the registry's `get()` protocol.
 */
export class LeanHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly cells: Cell[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Parameters<Registry['registerMetric']>[0]);
  }

  /** A new series with these labels; the caller keeps it and passes it to `observe`. */
  cell(labels: Cell['labels']): Cell {
    const cell: Cell = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
    this.cells.push(cell);
    return cell;
  }

  observe(cell: Cell, value: number): void {
    const { buckets } = this;
    let i = 0;
    while (i < buckets.length && value > buckets[i]!) i++;
    if (i < buckets.length) cell.counts[i]!++;
    cell.sum += value;
    cell.count++;
  }

  /** prom-client's metric protocol: what the registry formats. */
  async get() {
    const values: Sample[] = [];
    for (const cell of this.cells) {
      if (!cell.count) continue;
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += cell.counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...cell.labels, le }, value: cumulative });
      });
      values.push({
        metricName: `${this.name}_bucket`,
        labels: { ...cell.labels, le: '+Inf' },
        value: cell.count,
      });
      values.push({ metricName: `${this.name}_sum`, labels: cell.labels, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels: cell.labels, value: cell.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    for (const cell of this.cells) {
      cell.counts.fill(0);
      cell.sum = 0;
      cell.count = 0;
    }
  }
}
