import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingAdmin } from '@zema/contracts/billing/billing-admin.operations';
import { api } from '#src/lib/api-client';
import { billingAdminKeys } from './billing-admin-keys';

/** POST admin/billing/webhooks/:id/replay. */
export function useReplayWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(billingAdmin.replayWebhook, { params: { id: String(id) } }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingAdminKeys.webhooks() }),
  });
}
