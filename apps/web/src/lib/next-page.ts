/** Next page number of a paginated answer; servers may send `next_page` or only `last_page`. */
export function nextPageOf(page: {
  current_page: number;
  last_page?: number;
  next_page?: number | null;
  data: unknown[];
}): number | undefined {
  if (page.next_page !== undefined) return page.next_page ?? undefined;
  if (page.last_page !== undefined)
    return page.current_page < page.last_page ? page.current_page + 1 : undefined;
  return undefined;
}
