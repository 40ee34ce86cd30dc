import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ALBUM_TYPES } from '@zema/contracts';
import { Plus, Search } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { ExportCsvLink } from '#src/components/admin/export-csv-link';
import { formatDate, formatNumber } from '#src/lib/format';
import { currentLanguage } from '#src/lib/i18n';
import { type ListParams, listApiQuery, useListParams, useListSearch } from '#src/lib/list-params';
import { Button, buttonClass } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '#src/ui/data-table';
import { TextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';

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
type ListAnswer<T> = { data: T[]; total?: number; total_relation?: 'eq' | 'gte' | 'approx' };

export interface CatalogueListProps<T extends Row> {
  title: string;
  description: string;
  /** Singular and plural nouns ("track", "tracks") for buttons, the search and the confirmation. */
  noun: [string, string];
  columns: DataTableColumn<T>[];
  filterKeys?: readonly string[];
  useList: (query: Record<string, string>) => UseQueryResult<ListAnswer<T>>;
  useDelete: () => UseMutationResult<{ message: string }, Error, number[]>;
  /** The list's CSV export route (contracts `catalogueManager.export…`); the link adds the filter. */
  exportPath: string;
  /** The page of one row (its edit form); the new-row page is `${base}/new`. */
  base: string;
  /** What goes with the rows being deleted, from their counts. */
  deleteWarning: (rows: T[]) => ReactNode;
  /** Filters beside the search, bound to the URL. */
  filters?: (params: ListParams, setFilter: (name: string, value: string | undefined) => void) => ReactNode;
  /** A create button of the page's own (a dialog) instead of the link to `${base}/new`. */
  createAction?: ReactNode;
  onRowAction?: (row: T) => void;
}

/**
 * The frame of every catalogue manager list: the data table with its URL state (search, filters,
 * sort, page), the button to add one, and delete — of one row or the selected ones — after a
 * confirmation that says what goes with them.
 */
export function CatalogueList<T extends Row>(props: CatalogueListProps<T>) {
  const filterKeys = props.filterKeys ?? [];
  const [params, setParams] = useListParams(filterKeys);
  const filtered = filterKeys.some((f) => params.filters[f]);
  const apiQuery = useMemo(() => listApiQuery(params), [params]);
  const list = props.useList(apiQuery);
  const navigate = useNavigate();
  const [search, setSearch] = useListSearch(params.query, setParams);
  const [deleting, setDeleting] = useState<{ rows: T[]; clear: () => void } | null>(null);
  const del = props.useDelete();
  const [one, many] = props.noun;

  const rows = list.data?.data;
  const setFilter = (name: string, value: string | undefined) =>
    setParams({ filters: { [name]: value === 'any' ? undefined : value } });

  return (
    <AdminPage
      title={props.title}
      description={props.description}
      actions={
        <>
          <ExportCsvLink path={props.exportPath} query={apiQuery} />
          {props.createAction ?? (
            <Link to={`${props.base}/new`} className={buttonClass({ variant: 'primary', size: 'md' })}>
              <Plus aria-hidden className="size-4" />
              New {one}
            </Link>
          )}
        </>
      }
    >
      <DataTable
        label={props.title}
        storageKey={`admin-${many}`}
        columns={props.columns}
        rows={rows}
        total={list.data?.total ?? 0}
        totalRelation={list.data?.total_relation}
        getRowId={(r) => String(r.id)}
        page={params.page}
        perPage={params.perPage}
        sort={params.sort}
        order={params.order}
        onSortChange={(sort, order) => setParams({ sort, order })}
        onPageChange={(page) => setParams({ page })}
        onPerPageChange={(perPage) => setParams({ perPage })}
        isLoading={list.isPending}
        onRowAction={props.onRowAction ?? ((r) => navigate(`${props.base}/${r.id}`))}
        empty={
          <div className="flex flex-col items-center gap-1">
            <p className="font-medium text-fg">No {many} match</p>
            <p className="text-sm text-muted">Try another search or clear the filters.</p>
          </div>
        }
        bulkActions={(ids, clear) => (
          <Button
            variant="danger"
            size="sm"
            onPress={() =>
              setDeleting({ rows: (rows ?? []).filter((r) => ids.includes(String(r.id))), clear })
            }
          >
            Delete
          </Button>
        )}
        toolbar={
          <>
            <TextField
              aria-label={`Search ${many} by name`}
              type="search"
              placeholder={`Search ${many}`}
              className="w-full sm:w-64"
              value={search}
              onChange={setSearch}
              startAdornment={<Search aria-hidden />}
            />
            {props.filters?.(params, setFilter)}
            {filtered && (
              <Button
                variant="text"
                size="sm"
                onPress={() =>
                  setParams({ filters: Object.fromEntries(filterKeys.map((f) => [f, undefined])) })
                }
              >
                Clear filters
              </Button>
            )}
          </>
        }
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={
          deleting?.rows.length === 1
            ? `Delete ${deleting.rows[0]!.name}?`
            : `Delete ${deleting?.rows.length ?? 0} ${many}?`
        }
        confirmLabel="Delete"
        danger
        isPending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(
            deleting.rows.map((r) => r.id),
            {
              onSuccess: (res) => {
                toast.positive(res.message);
                deleting.clear();
                setDeleting(null);
              },
            },
          )
        }
      >
        {deleting && props.deleteWarning(deleting.rows)} This cannot be undone.
      </ConfirmDialog>
    </AdminPage>
  );
}

/** A count in a catalogue table ("1,204"), in the admin's language. */
export const count = (n: number) => formatNumber(n, currentLanguage());

/** "12 tracks" / "1 track". */
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
export const sum = <T,>(rows: T[], of: (row: T) => number) => rows.reduce((n, r) => n + of(r), 0);
