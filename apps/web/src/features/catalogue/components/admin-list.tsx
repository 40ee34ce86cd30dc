import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AdminListPageProps } from '#src/components/admin/admin-list-page';
import { formatDate, formatNumber } from '#src/lib/format';
import { currentLanguage, useTrans } from '#src/lib/i18n';

export { ALBUM_TYPE_LABELS } from './album-type-labels';

/** A date for the catalogue tables (their columns are built once, outside React), "—" for none. */
export function formatDay(iso: string | null): string {
  return formatDate(iso, currentLanguage()) || '—';
}

type Row = { id: number; name: string };

/**
 * What a catalogue list says about its rows: catalogue sources (`msg()`), each written whole for
 * its own kind of row, translated here.
 */
export interface CatalogueListMessages {
  /** The search box's name, "Search tracks by name". */
  search: string;
  /** Its placeholder, "Search tracks". */
  searchPlaceholder: string;
  /** The create link, "New track". */
  create: string;
  /** The empty state of a search or filter, "No tracks match". */
  noMatch: string;
  /** The delete question for several rows, a plural of `count`: "Delete 3 tracks?". */
  deleteMany: string;
}

/**
 * What every catalogue manager list shares: the search, the link to add one, the empty state,
 * opening a row's edit page, and delete — of the selected rows — after a confirmation that says
 * what goes with them.
 */
export function useCatalogueListProps<T extends Row>(options: {
  /** The list's name for its remembered columns ("tracks"). */
  name: string;
  messages: CatalogueListMessages;
  /** The page of one row (its edit form); the new-row page is `${base}/new`. */
  base: string;
  useDelete: () => UseMutationResult<{ message: string }, Error, number[]>;
  /** What goes with the rows being deleted, from their counts, in the reader's language. */
  deleteWarning: (rows: T[]) => ReactNode;
}) {
  const { trans } = useTrans();
  const { messages } = options;
  const navigate = useNavigate();
  const mutation = options.useDelete();
  return {
    storageKey: `admin-${options.name}`,
    search: { label: trans(messages.search), placeholder: trans(messages.searchPlaceholder) },
    create: { label: trans(messages.create), to: `${options.base}/new` },
    onRowAction: (row: T) => navigate(`${options.base}/${row.id}`),
    empty: (
      <div className="flex flex-col items-center gap-1">
        <p className="font-medium text-fg">{trans(messages.noMatch)}</p>
        <p className="text-sm text-muted">{trans('Try another search or clear the filters.')}</p>
      </div>
    ),
    delete: {
      mutation,
      title: (rows: T[]) =>
        rows.length === 1
          ? trans('Delete {name}?', { name: rows[0]!.name })
          : trans(messages.deleteMany, { count: rows.length }),
      body: (rows: T[]) => (
        <>
          {options.deleteWarning(rows)} {trans('This cannot be undone.')}
        </>
      ),
    },
  } satisfies Partial<AdminListPageProps<T>>;
}

/** A count in a catalogue table ("1,204"), in the admin's language. */
export const count = (n: number) => formatNumber(n, currentLanguage());

export const sum = <T,>(rows: T[], of: (row: T) => number) => rows.reduce((n, r) => n + of(r), 0);
