import type { BootstrapData } from '@zema/contracts';
import { account } from '@zema/contracts/account/account.operations';
import { api } from '#src/lib/api-client';

/** DELETE users/{id}?deleteCurrentUser=true → {bootstrapData} of a visitor. */
export async function deleteAccount(userId: number): Promise<BootstrapData> {
  const answer = await api.call(account.delete, {
    params: { id: userId },
    query: { deleteCurrentUser: true },
  });
  return answer.bootstrapData;
}
