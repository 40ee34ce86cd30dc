import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomPage } from '@zema/contracts';
import { customPages } from '@zema/contracts/pages/pages.operations';
import { api } from '#src/lib/api-client';

export const customPageQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['custom-pages', idOrSlug],
    queryFn: async ({ signal }): Promise<CustomPage> =>
      (await api.call(customPages.get, { params: { idOrSlug }, signal })).page,
    // The page shows each outcome itself (SPEC §2): not found, log in, or try again later.
    meta: { handlesErrors: true },
    retry: false,
  });

/** SPEC §7 `GET custom-pages/{idOrSlug}`. */
export function useCustomPage(idOrSlug: string | null) {
  return useQuery({ ...customPageQueryOptions(idOrSlug ?? ''), enabled: !!idOrSlug });
}
