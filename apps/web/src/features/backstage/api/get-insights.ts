import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightsRange } from '@zema/contracts';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** GET backstage/artists/:id/insights: plays, listeners, top tracks, countries and devices. */
export const insightsQueryOptions = (artistId: number, range: InsightsRange) =>
  queryOptions({
    queryKey: backstageKeys.insights(artistId, range),
    queryFn: ({ signal }) =>
      api.call(backstage.insights, { params: { id: artistId }, query: { range }, signal }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });

export function useInsights(artistId: number, range: InsightsRange) {
  return useQuery(insightsQueryOptions(artistId, range));
}
