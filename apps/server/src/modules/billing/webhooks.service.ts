import { msg } from '@zema/contracts';
import { and, eq } from 'drizzle-orm';
import { BadRequestError, NotFoundError } from '#src/lib/errors';
import { payments } from './billing.tables';
import type { Billing } from './checkout.service';
import type { IncomingWebhook } from './gateway';
import type { SettleDeps } from './settle';
import { settlePayment } from './settle';
import { receiveWebhook } from './webhooks';

/** Gateways' events are small JSON documents; anything bigger is not one. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const WEBHOOK_MESSAGES = {
  badSignature: msg('The webhook signature is not valid.'),
  notConfigured: msg('This payment gateway is not configured.'),
} as const;

/**
 * A gateway's webhook (decision 0038): 400 and nothing changed without a valid signature
 * (the attempt is kept for the admin's log); a replay answers 200 and changes nothing.
 */
export async function webhook(
  deps: SettleDeps & { billing: Billing },
  gatewayId: string,
  incoming: IncomingWebhook,
): Promise<'processed' | 'duplicate' | 'pending'> {
  const { billing } = deps;
  const gateway = await billing.gateway(gatewayId);
  if (!gateway) throw new NotFoundError(WEBHOOK_MESSAGES.notConfigured);
  const outcome = await receiveWebhook(deps, gateway, incoming, await billing.policy());
  if (outcome.status === 'rejected') {
    deps.log.warn({ gateway: gateway.id }, 'a billing webhook with a bad signature was refused');
    throw new BadRequestError(WEBHOOK_MESSAGES.badSignature, { signature: [WEBHOOK_MESSAGES.badSignature] });
  }
  return outcome.status;
}

/**
 * Chapa's callback (GET callback_url?trx_ref=…): a hint only. A pending Chapa payment it names is
 * verified with Chapa, then settled like a webhook's.
 */
export async function chapaCallback(deps: SettleDeps & { billing: Billing }, txRef: string | null) {
  const { billing } = deps;
  if (!txRef) return;
  const [payment] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.txRef, txRef), eq(payments.gateway, 'chapa'), eq(payments.status, 'pending')));
  if (!payment) return;
  const chapa = await billing.gateway('chapa');
  if (!chapa) return;
  const verified = await chapa.verify(txRef);
  if (verified) await settlePayment(deps, txRef, verified, await billing.policy());
}
