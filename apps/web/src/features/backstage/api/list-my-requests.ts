import { queryOptions, useQuery } from '@tanstack/react-query';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** GET backstage/requests: the caller's requests, newest first. */
export const myRequestsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: backstageKeys.myRequests(page),
    queryFn: ({ signal }) => api.call(backstage.myRequests, { query: { page: String(page) }, signal }),
  });

export function useMyRequests(page = 1) {
  return useQuery(myRequestsQueryOptions(page));
}
