import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { type ListParams, listApiQuery, useListParams, useListSearch } from '#src/lib/list-params';
import { Button, buttonClass } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '#src/ui/data-table';
import { TextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { AdminPage, type Crumb } from './admin-page';
import { ExportCsvLink } from './export-csv-link';
import { ClearFiltersButton } from './list-toolbar';

type Row = { id: number | string };

/** One page of a list as the list contract answers it. */
export type AdminListAnswer<T> = { data: T[]; total?: number; total_relation?: 'eq' | 'gte' | 'approx' };

type SetParams = ReturnType<typeof useListParams>[1];

/** The list's URL state, handed to what a page draws from it (filters, columns, actions). */
export interface AdminListState {
  params: ListParams;
  setParams: SetParams;
  /** Sets one filter; `undefined` or "any" removes it from the URL. */
  setFilter: (name: string, value: string | undefined) => void;
  /** The API query of the rows shown (and of the CSV export). */
  apiQuery: Record<string, string>;
  /** A search or a filter is set: an empty list then means "nothing matches", not "nothing yet". */
  filtered: boolean;
}

/** The rows picked in the table, for a bulk action. */
export interface AdminListSelection<T> {
  ids: string[];
  rows: T[];
  /** Empties the selection (after the action is done). */
  clear: () => void;
}

/** "New …" in the header: a link to the new-row page, or a button of the page's own (a dialog). */
export type AdminListCreate = { label: string; to: string } | { label: string; onPress: () => void };

export interface AdminListDelete<T extends Row> {
  /** The bulk delete call; its answer's message is the toast. */
  mutation: UseMutationResult<{ message: string }, Error, T['id'][]>;
  /** The confirmation's question, from the rows going. */
  title: (rows: T[]) => string;
  /** What goes with them, and that it cannot be undone. */
  body: (rows: T[]) => ReactNode;
}

type OrState<V> = V | ((list: AdminListState) => V);

export interface AdminListPageProps<T extends Row> {
  title: string;
  description?: ReactNode;
  breadcrumbs?: Crumb[];
  /** The table's accessible name; the title unless the page names it otherwise. */
  tableLabel?: string;
  /** The shown columns are remembered under this key. */
  storageKey: string;
  columns: OrState<DataTableColumn<T>[]>;
  /** The list call, with the list contract's query. */
  useList: (query: Record<string, string>) => UseQueryResult<AdminListAnswer<T>>;
  getRowId?: (row: T) => string;
  /** The URL parameters this list filters by (besides the search, sort and page). */
  filterKeys?: readonly string[];
  /** The search box; a page without one leaves it out. */
  search?: { label: string; placeholder?: string };
  /** The filter controls beside the search. */
  filters?: (list: AdminListState) => ReactNode;
  /** "Clear filters" while one of `filterKeys` is set (default true). */
  clearFilters?: boolean;
  /** The list's CSV export route; the link downloads the current filter. */
  exportPath?: string;
  /** Header actions of the page's own, between the export link and the create button. */
  actions?: OrState<ReactNode>;
  create?: AdminListCreate;
  /** Enter on a row (usually: open its page). */
  onRowAction?: (row: T) => void;
  /** Bulk actions over the selected rows, before Delete. */
  bulkActions?: (selection: AdminListSelection<T>) => ReactNode;
  /** Delete of the selected rows, after a confirmation. */
  delete?: AdminListDelete<T>;
  /** Shown when no row answers. */
  empty: OrState<ReactNode>;
  /** The page's dialogs. */
  children?: ReactNode;
}

const defaultRowId = (row: Row) => String(row.id);

/**
 * The frame of every admin list: the page header (title, description, CSV export, create), the
 * data table with its state in the URL (search, filters, sort, page), row selection with bulk
 * actions and delete after a confirmation, and the empty and error states. Pages give what
 * differs: columns, filters, texts and actions.
 */
export function AdminListPage<T extends Row>(props: AdminListPageProps<T>) {
  const { trans } = useTrans();
  const filterKeys = props.filterKeys ?? [];
  const [params, setParams] = useListParams(filterKeys);
  const apiQuery = useMemo(() => listApiQuery(params), [params]);
  const list = props.useList(apiQuery);
  const [search, setSearch] = useListSearch(params.query, setParams);
  const [deleting, setDeleting] = useState<{ rows: T[]; clear: () => void } | null>(null);
  const getRowId = props.getRowId ?? defaultRowId;

  const state: AdminListState = {
    params,
    setParams,
    setFilter: (name, value) => setParams({ filters: { [name]: value === 'any' ? undefined : value } }),
    apiQuery,
    filtered: Boolean(params.query) || filterKeys.some((f) => params.filters[f]),
  };
  const resolve = <V,>(value: OrState<V>): V =>
    typeof value === 'function' ? (value as (list: AdminListState) => V)(state) : value;

  const rows = list.data?.data;
  const selected = (ids: string[]) => (rows ?? []).filter((r) => ids.includes(getRowId(r)));
  const del = props.delete;
  const { create } = props;
  const actions = props.actions === undefined ? null : resolve(props.actions);
  const hasActions = Boolean(props.exportPath || actions || create);

  return (
    <AdminPage
      title={props.title}
      breadcrumbs={props.breadcrumbs}
      description={props.description}
      actions={
        hasActions && (
          <>
            {props.exportPath && <ExportCsvLink path={props.exportPath} query={apiQuery} />}
            {actions}
            {create &&
              ('to' in create ? (
                <Link to={create.to} className={buttonClass()}>
                  <Plus aria-hidden className="size-4" />
                  {create.label}
                </Link>
              ) : (
                <Button startIcon={<Plus aria-hidden />} onPress={create.onPress}>
                  {create.label}
                </Button>
              ))}
          </>
        )
      }
    >
      <DataTable
        label={props.tableLabel ?? props.title}
        storageKey={props.storageKey}
        columns={resolve(props.columns)}
        rows={rows}
        total={list.data?.total ?? 0}
        totalRelation={list.data?.total_relation}
        getRowId={getRowId}
        page={params.page}
        perPage={params.perPage}
        sort={params.sort}
        order={params.order}
        onSortChange={(sort, order) => setParams({ sort, order })}
        onPageChange={(page) => setParams({ page })}
        onPerPageChange={(perPage) => setParams({ perPage })}
        isLoading={list.isPending}
        onRowAction={props.onRowAction}
        empty={
          list.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3">
              <p className="font-medium text-fg">{trans('The list could not be loaded.')}</p>
              <p className="text-sm text-muted">{errorMessage(list.error)}</p>
              <Button variant="outline" size="sm" onPress={() => list.refetch()}>
                {trans('Retry')}
              </Button>
            </div>
          ) : (
            resolve(props.empty)
          )
        }
        bulkActions={
          props.bulkActions || del
            ? (ids, clear) => (
                <>
                  {props.bulkActions?.({ ids, rows: selected(ids), clear })}
                  {del && (
                    <Button
                      variant="danger"
                      size="sm"
                      onPress={() => setDeleting({ rows: selected(ids), clear })}
                    >
                      {trans('Delete')}
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        toolbar={
          <>
            {props.search && (
              <TextField
                aria-label={props.search.label}
                type="search"
                placeholder={props.search.placeholder ?? props.search.label}
                className="w-full sm:w-64"
                value={search}
                onChange={setSearch}
                startAdornment={<Search aria-hidden />}
              />
            )}
            {props.filters?.(state)}
            {props.clearFilters !== false && (
              <ClearFiltersButton
                filters={filterKeys}
                values={params.filters}
                onClear={(filters) => setParams({ filters })}
              />
            )}
          </>
        }
      />
      {props.children}
      {del && (
        <ConfirmDialog
          isOpen={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title={del.title(deleting?.rows ?? [])}
          confirmLabel={trans('Delete')}
          danger
          isPending={del.mutation.isPending}
          onConfirm={() =>
            deleting &&
            del.mutation.mutate(
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
          {deleting && del.body(deleting.rows)}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
