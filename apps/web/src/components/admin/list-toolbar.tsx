import { Search } from 'lucide-react';
import { Button } from '#src/ui/button';
import { TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';

/**
 * The pieces of an admin table's toolbar (the logs, backstage requests): a search box, filters
 * that are a choice or "any", and "Clear filters" while one is set. Filters live in the URL
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
  if (!filters.some((f) => values[f])) return null;
  return (
    <Button
      variant="text"
      size="sm"
      onPress={() => onClear(Object.fromEntries(filters.map((f) => [f, undefined])))}
    >
      Clear filters
    </Button>
  );
}
