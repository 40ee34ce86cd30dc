import type { UseMutationResult } from '@tanstack/react-query';
import type { ALBUM_TYPES } from '@zema/contracts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AdminListPageProps } from '#src/components/admin/admin-list-page';
import { formatDate, formatNumber } from '#src/lib/format';
import { currentLanguage } from '#src/lib/i18n';

export const ALBUM_TYPE_LABELS: Record<(typeof ALBUM_TYPES)[number], string> = {
  album: 'Album',
  single: 'Single',
  ep: 'EP',
  compilation: 'Compilation',
};

/** A date for the catalogue tables (their columns are built once, outside React), "—" for none. */
export function formatDay(iso: string | null): string {
  return formatDate(iso, currentLanguage()) || '—';
}

type Row = { id: number; name: string };

/**
 * What every catalogue manager list shares, from its nouns ("track", "tracks"): the search, the
 * link to add one, the empty state, opening a row's edit page, and delete — of the selected rows —
 * after a confirmation that says what goes with them.
 */
export function useCatalogueListProps<T extends Row>(options: {
  noun: [string, string];
  /** The page of one row (its edit form); the new-row page is `${base}/new`. */
  base: string;
  useDelete: () => UseMutationResult<{ message: string }, Error, number[]>;
  /** What goes with the rows being deleted, from their counts. */
  deleteWarning: (rows: T[]) => ReactNode;
}) {
  const [one, many] = options.noun;
  const navigate = useNavigate();
  const mutation = options.useDelete();
  return {
    storageKey: `admin-${many}`,
    search: { label: `Search ${many} by name`, placeholder: `Search ${many}` },
    create: { label: `New ${one}`, to: `${options.base}/new` },
    onRowAction: (row: T) => navigate(`${options.base}/${row.id}`),
    empty: (
      <div className="flex flex-col items-center gap-1">
        <p className="font-medium text-fg">No {many} match</p>
        <p className="text-sm text-muted">Try another search or clear the filters.</p>
      </div>
    ),
    delete: {
      mutation,
      title: (rows: T[]) =>
        rows.length === 1 ? `Delete ${rows[0]!.name}?` : `Delete ${rows.length} ${many}?`,
      body: (rows: T[]) => <>{options.deleteWarning(rows)} This cannot be undone.</>,
    },
  } satisfies Partial<AdminListPageProps<T>>;
}

/** A count in a catalogue table ("1,204"), in the admin's language. */
export const count = (n: number) => formatNumber(n, currentLanguage());

/** "12 tracks" / "1 track". */
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
export const sum = <T,>(rows: T[], of: (row: T) => number) => rows.reduce((n, r) => n + of(r), 0);
