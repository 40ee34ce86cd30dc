import { and, eq, isNotNull } from 'drizzle-orm';
import { webhookEvents } from '#src/db/schema/index';
import type { IncomingWebhook, PaymentGateway } from './gateway';
import { type BillingPolicy, type SettleDeps, settlePayment } from './settle';

export type WebhookOutcome =
  | { status: 'rejected' }
  | { status: 'duplicate' }
  | { status: 'processed'; txRef: string | null };

/**
 * A gateway's webhook (issue 14 item 7): stored as received (raw body, signature result); a bad
 * signature changes nothing else; an event id seen before is applied once; the payment it names is
 * verified again through the gateway's API before anything is granted.
 */
export async function receiveWebhook(
  deps: SettleDeps,
  gateway: PaymentGateway,
  incoming: IncomingWebhook,
  policy: BillingPolicy,
): Promise<WebhookOutcome> {
  const rawBody = incoming.rawBody.toString('utf8');
  const event = await gateway.readWebhook(incoming);
  if (!event) {
    await deps.db.insert(webhookEvents).values({ gateway: gateway.id, rawBody, signatureValid: false });
    return { status: 'rejected' };
  }
  // The unique index on (gateway, event id) among valid events makes a replay a no-op.
  const [stored] = await deps.db
    .insert(webhookEvents)
    .values({
      gateway: gateway.id,
      eventId: event.eventId,
      type: event.type,
      txRef: event.txRef,
      rawBody,
      signatureValid: true,
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (!stored) {
    const [seen] = await deps.db
      .select({ processedAt: webhookEvents.processedAt })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.gateway, gateway.id),
          eq(webhookEvents.eventId, event.eventId),
          isNotNull(webhookEvents.processedAt),
        ),
      );
    // Seen and applied: nothing to do. Seen but failed before: apply it now (a gateway retry).
    if (seen) return { status: 'duplicate' };
  }
  const markProcessed = async (db: Pick<SettleDeps['db'], 'update'>) => {
    await db
      .update(webhookEvents)
      .set({ processedAt: new Date(), error: null })
      .where(and(eq(webhookEvents.gateway, gateway.id), eq(webhookEvents.eventId, event.eventId)));
  };
  try {
    let marked = false;
    if (event.txRef) {
      const verified = await gateway.verify(event.txRef);
      // The money change and its event record commit together; a gateway's own follow-up, if
      // any, runs first, and the event counts as processed only once that is done too.
      if (verified && !event.apply) {
        await settlePayment(deps, event.txRef, verified, policy, new Date(), markProcessed);
        marked = true;
      } else if (verified) await settlePayment(deps, event.txRef, verified, policy);
    }
    await event.apply?.();
    if (!marked) await markProcessed(deps.db);
    return { status: 'processed', txRef: event.txRef };
  } catch (err) {
    deps.log.warn({ err, gateway: gateway.id }, 'a billing webhook could not be applied');
    await deps.db
      .update(webhookEvents)
      .set({ error: err instanceof Error ? err.message.slice(0, 500) : 'failed' })
      .where(and(eq(webhookEvents.gateway, gateway.id), eq(webhookEvents.eventId, event.eventId)));
    throw err;
  }
}

export type StoredWebhookEvent = typeof webhookEvents.$inferSelect;

/**
 * Applies a stored event again (the admin's replay, issue 14 item 6): only one whose signature
 * held; the payment it names is verified with the gateway again and settled, which changes a
 * payment once at most, so replaying twice (or an event already applied) is harmless.
 */
export async function replayWebhookEvent(
  deps: SettleDeps,
  gateway: PaymentGateway,
  stored: StoredWebhookEvent,
  policy: BillingPolicy,
): Promise<{ applied: boolean }> {
  if (!stored.signatureValid) throw new Error('an event whose signature failed is never applied');
  let applied = false;
  try {
    const event = gateway.readStoredEvent?.(stored.rawBody) ?? null;
    const txRef = event?.txRef ?? stored.txRef;
    if (txRef) {
      const verified = await gateway.verify(txRef);
      if (verified) applied = !!(await settlePayment(deps, txRef, verified, policy))?.changed;
    }
    // A subscription event (Stripe) copies the subscription's state from the gateway again.
    if (event?.apply) {
      await event.apply();
      applied = true;
    }
    await deps.db
      .update(webhookEvents)
      .set({ processedAt: new Date(), error: null })
      .where(eq(webhookEvents.id, stored.id));
    return { applied };
  } catch (err) {
    await deps.db
      .update(webhookEvents)
      .set({ error: err instanceof Error ? err.message.slice(0, 500) : 'failed' })
      .where(eq(webhookEvents.id, stored.id));
    throw err;
  }
}
