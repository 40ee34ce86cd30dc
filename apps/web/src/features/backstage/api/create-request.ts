import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBackstageRequest } from '@zema/contracts';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** POST backstage/requests. */
export async function createBackstageRequest(body: CreateBackstageRequest) {
  return (await api.call(backstage.createRequest, { body })).request;
}

export function useCreateBackstageRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createBackstageRequest,
    meta: { handlesErrors: true },
    onSuccess: () => client.invalidateQueries({ queryKey: [...backstageKeys.all, 'my-requests'] }),
  });
}
