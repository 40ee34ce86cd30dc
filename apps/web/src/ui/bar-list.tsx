import type { ReactNode } from 'react';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';

/**
 * A ranked list with proportional bars (top tracks, plays by country…): plain HTML, so it reads
 * as a list of "name, value" to a screen reader and needs no chart code.
 */
export interface BarListItem {
  key: string;
  label: ReactNode;
  value: number;
}

export function BarList({
  title,
  items,
  empty,
}: {
  title: string;
  items: BarListItem[];
  /** What an empty list says; "No data for this range." (translated) when absent. */
  empty?: string;
}) {
  const format = useFormat();
  const { trans } = useTrans();
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      {items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{empty ?? trans('No data for this range.')}</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {items.map((item) => (
            <li
              key={item.key}
              className="relative flex items-center justify-between gap-3 rounded-sm px-2 py-1 text-sm"
            >
              <span
                aria-hidden="true"
                className="absolute inset-y-0 left-0 rounded-sm bg-primary/15"
                style={{ width: `${(item.value / max) * 100}%` }}
              />
              <span className="relative min-w-0 truncate text-fg">{item.label}</span>
              <span className="relative shrink-0 tabular-nums text-fg">{format.number(item.value)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
