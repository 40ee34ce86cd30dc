/** Laravel-style page envelope (contracts `paginationSchema`), shared by every library list. */
export type Page<T> = {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
  next_page: number | null;
  prev_page: number | null;
  data: T[];
};

export const DEFAULT_PER_PAGE = 20;

export function pageWindow(query: { page?: number; perPage?: number }, defaultPerPage = DEFAULT_PER_PAGE) {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function toPage<T>(data: T[], total: number, page: number, perPage: number): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    from,
    to: from === null ? null : from + data.length - 1,
    next_page: page < lastPage ? page + 1 : null,
    prev_page: page > 1 ? page - 1 : null,
    data,
  };
}
