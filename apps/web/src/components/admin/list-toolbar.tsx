import { fillSimpleMessage, msg } from '@zema/contracts';
import { CalendarDays, Search } from 'lucide-react';
import { useState } from 'react';
import { DialogTrigger } from 'react-aria-components';
import { formatDay, isoDay } from '#src/lib/format';
import { currentLanguage, type TransFn, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { TextField } from '#src/ui/field';
import { PopoverDialog } from '#src/ui/popover';
import { Select } from '#src/ui/select';

/**
 * The pieces of an admin table's toolbar (drawn by `AdminListPage`, the filters by each list): a
 * search box, filters that are a choice or "any", and "Clear filters" while one is set. Filters live in the URL
 * (`useListParams`); "any" is the filter's absence.
 */

const ANY = 'any';

export function ListSearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      aria-label={label}
      type="search"
      placeholder={label}
      className="w-full sm:w-64"
      value={value}
      onChange={onChange}
      startAdornment={<Search aria-hidden />}
    />
  );
}

/** A filter picked from a list; the first option, `anyLabel`, removes it. */
export function FilterSelect({
  label,
  anyLabel,
  options,
  value,
  onChange,
  className = 'w-40',
}: {
  label: string;
  anyLabel: string;
  options: readonly { id: string; label: string }[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  className?: string;
}) {
  return (
    <Select
      aria-label={label}
      className={className}
      items={[{ id: ANY, label: anyLabel }, ...options]}
      selectedKey={value ?? ANY}
      onSelectionChange={(k) => onChange(k === ANY || k === null ? undefined : String(k))}
    />
  );
}

/** Shown while any of `filters` is set; clears them all. */
export function ClearFiltersButton({
  filters,
  values,
  onClear,
}: {
  filters: readonly string[];
  values: Record<string, string | undefined>;
  onClear: (cleared: Record<string, undefined>) => void;
}) {
  const { trans } = useTrans();
  if (!filters.some((f) => values[f])) return null;
  return (
    <Button
      variant="text"
      size="sm"
      onPress={() => onClear(Object.fromEntries(filters.map((f) => [f, undefined])))}
    >
      {trans('Clear filters')}
    </Button>
  );
}

/** `YYYY-MM-DD` of a day `daysAgo` before today, in the browser's time zone. */
function dayKey(daysAgo = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return isoDay(d);
}

const dayText = (day: string) => formatDay(day, currentLanguage());

const english: TransFn = (message, values) => fillSimpleMessage(message, values);

/**
 * What a range reads as on its button: "Any time", "From 1 Nov 2026", "1 Nov 2026 – 28 Nov 2026",
 * in the reader's language with their `trans`.
 */
export function dateRangeText(
  from: string | undefined,
  to: string | undefined,
  trans: TransFn = english,
): string {
  if (from && to)
    return from === to ? dayText(from) : trans('{from} – {to}', { from: dayText(from), to: dayText(to) });
  if (from) return trans('From {date}', { date: dayText(from) });
  if (to) return trans('Until {date}', { date: dayText(to) });
  return trans('Any time');
}

const PRESETS = [
  { label: msg('Today'), from: () => dayKey(0) },
  { label: msg('Last 7 days'), from: () => dayKey(6) },
  { label: msg('Last 30 days'), from: () => dayKey(29) },
  { label: msg('Last 12 months'), from: () => dayKey(364) },
] as const;

const dateInputClass =
  'h-10 rounded-theme border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary';

/**
 * A date range filter: one button in the toolbar, so one Tab stop with the
 * buttons' focus ring, saying the range chosen; it opens ranges to pick and the two days to set.
 */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}) {
  const { trans } = useTrans();
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const text = dateRangeText(from, to, trans);
  return (
    <DialogTrigger onOpenChange={(open) => open && setDraft({ from: from ?? '', to: to ?? '' })}>
      <Button
        variant="outline"
        size="md"
        startIcon={<CalendarDays aria-hidden className="size-4" />}
        className="data-focus-visible:ring-2 data-focus-visible:ring-primary"
      >
        {trans('{label}: {range}', { label, range: text })}
      </Button>
      <PopoverDialog aria-label={label} placement="bottom start" className="w-72 p-3">
        {({ close }) => {
          const apply = (range: { from: string | undefined; to: string | undefined }) => {
            onChange(range);
            close();
          };
          return (
            <div className="flex flex-col gap-3">
              <div className="grid grid-cols-2 gap-2">
                {PRESETS.map((p) => (
                  <Button
                    key={p.label}
                    variant="outline"
                    size="sm"
                    onPress={() => apply({ from: p.from(), to: undefined })}
                  >
                    {trans(p.label)}
                  </Button>
                ))}
              </div>
              <label className="flex flex-col gap-1 text-xs text-muted">
                {trans('From')}
                <input
                  type="date"
                  value={draft.from}
                  max={draft.to || undefined}
                  onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
                  className={dateInputClass}
                />
              </label>
              <label className="flex flex-col gap-1 text-xs text-muted">
                {trans('To')}
                <input
                  type="date"
                  value={draft.to}
                  min={draft.from || undefined}
                  onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
                  className={dateInputClass}
                />
              </label>
              <div className="flex justify-end gap-2">
                <Button variant="text" size="sm" onPress={() => apply({ from: undefined, to: undefined })}>
                  {trans('Any time')}
                </Button>
                <Button
                  size="sm"
                  onPress={() => apply({ from: draft.from || undefined, to: draft.to || undefined })}
                >
                  {trans('Apply')}
                </Button>
              </div>
            </div>
          );
        }}
      </PopoverDialog>
    </DialogTrigger>
  );
}
