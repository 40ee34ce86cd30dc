import { LIST_DEFAULT_PER_PAGE, type SortOrder } from '@zema/contracts/admin';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '#src/ui/use-debounced-value';

/**
 * The state of an admin list (the one list contract: page, perPage, sort, order, query and the
 * list's own filters) kept in the page's URL, so reload, back and a shared link show the same
 * rows. Defaults are left out of the URL.
 */
export type ListParams = {
  page: number;
  perPage: number;
  sort: string | undefined;
  order: SortOrder | undefined;
  query: string;
  filters: Record<string, string>;
};

const CORE = new Set(['page', 'perPage', 'sort', 'order', 'query']);

export function parseListParams(search: URLSearchParams, filterKeys: readonly string[]): ListParams {
  const int = (name: string, fallback: number) => {
    const n = Number(search.get(name));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const order = search.get('order');
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const v = search.get(key);
    if (v) filters[key] = v;
  }
  return {
    page: int('page', 1),
    perPage: int('perPage', LIST_DEFAULT_PER_PAGE),
    sort: search.get('sort') ?? undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
    query: search.get('query') ?? '',
    filters,
  };
}

/** The API query of a list: only what is set (the server applies its defaults). */
export function listApiQuery(params: ListParams): Record<string, string> {
  const out: Record<string, string> = { ...params.filters };
  if (params.page > 1) out.page = String(params.page);
  if (params.perPage !== LIST_DEFAULT_PER_PAGE) out.perPage = String(params.perPage);
  if (params.sort) out.sort = params.sort;
  if (params.order) out.order = params.order;
  if (params.query.trim()) out.query = params.query.trim();
  return out;
}

/**
 * The CSV export of a list's current filter (its `…/export` route, a plain download link): the
 * list's query without the page window, since the export writes every row, not the page on screen.
 */
export function listExportUrl(path: string, query: Record<string, string>): string {
  const { page: _page, perPage: _perPage, ...rest } = query;
  const qs = new URLSearchParams(rest).toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

export function useListParams(filterKeys: readonly string[] = []) {
  const [search, setSearch] = useSearchParams();
  const key = filterKeys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKeys is read through its joined key.
  const params = useMemo(() => parseListParams(search, filterKeys), [search, key]);
  const update = useCallback(
    (change: Partial<Omit<ListParams, 'filters'>> & { filters?: Record<string, string | undefined> }) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (name: string, value: string | number | undefined) => {
            if (value === undefined || value === '' || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          };
          for (const [name, value] of Object.entries(change)) {
            if (name === 'filters') continue;
            if (CORE.has(name)) set(name, value as string | number | undefined);
          }
          for (const [name, value] of Object.entries(change.filters ?? {})) set(name, value);
          // A new search, filter, sort or page size starts again on page 1.
          if (change.page === undefined) next.delete('page');
          return next;
        },
        { replace: change.query !== undefined },
      );
    },
    [setSearch],
  );
  return [params, update] as const;
}

/**
 * A list's search box: what is typed shows at once, and reaches the URL (and the query) 300 ms
 * after the last key, so each keystroke does not ask the server.
 */
export function useListSearch(query: string, setParams: (change: { query: string }) => void) {
  const [search, setSearch] = useState(query);
  const debounced = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debounced !== query) setParams({ query: debounced });
  }, [debounced, query, setParams]);
  return [search, setSearch] as const;
}
