import { type BootstrapData, deleteAccountResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** DELETE users/{id}?deleteCurrentUser=true → {bootstrapData} of a visitor. */
export async function deleteAccount(userId: number): Promise<BootstrapData> {
  const res = await apiClient.delete<unknown>(`users/${userId}`, undefined, {
    params: { deleteCurrentUser: true },
  });
  return deleteAccountResponseSchema.parse(res).bootstrapData;
}
