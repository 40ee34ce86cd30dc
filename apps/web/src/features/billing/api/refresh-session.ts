import { bootstrap } from '@zema/contracts/site/bootstrap.operations';
import { api } from '#src/lib/api-client';
import { setBootstrapData } from '#src/lib/bootstrap-store';

/**
 * Loads the session again after a payment went through: the plan's permissions (no ads, the
 * Download button) and the Billing menu entry appear without a page reload.
 */
export async function refreshSession(): Promise<void> {
  const { bootstrapData } = await api.call(bootstrap.get);
  setBootstrapData(bootstrapData);
}
