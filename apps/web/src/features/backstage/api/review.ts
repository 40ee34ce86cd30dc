import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backstageReview } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** GET admin/backstage-requests with the list contract's query. */
export const reviewListQueryOptions = (query: Record<string, string>) =>
  queryOptions({
    queryKey: backstageKeys.reviewList(query),
    queryFn: ({ signal }) => api.call(backstageReview.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export function useReviewList(query: Record<string, string>) {
  return useQuery(reviewListQueryOptions(query));
}

/** GET admin/backstage-requests/:id. */
export const reviewRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: backstageKeys.request(id),
    queryFn: async ({ signal }) => (await api.call(backstageReview.get, { params: { id }, signal })).request,
  });

export function useReviewRequest(id: number | null) {
  return useQuery({ ...reviewRequestQueryOptions(id ?? 0), enabled: id !== null });
}

function useDecision<A>(fn: (a: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { handlesErrors: true },
    onSuccess: () => client.invalidateQueries({ queryKey: backstageKeys.all }),
  });
}

/** POST admin/backstage-requests/:id/approve. */
export const useApproveRequest = () =>
  useDecision(async (id: number) => (await api.call(backstageReview.approve, { params: { id } })).request);

/** POST admin/backstage-requests/:id/deny {reason}. */
export const useDenyRequest = () =>
  useDecision(
    async ({ id, reason }: { id: number; reason: string }) =>
      (await api.call(backstageReview.deny, { params: { id }, body: { reason } })).request,
  );
