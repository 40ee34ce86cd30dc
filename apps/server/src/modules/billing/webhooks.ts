import { msg } from '@zema/contracts';
import { and, asc, eq, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import { payments, webhookEvents } from './billing.tables';
import type { IncomingWebhook, PaymentGateway, WebhookEventInfo } from './gateway';
import { type BillingPolicy, type SettleDeps, settlePayment } from './settle';

export type WebhookOutcome =
  | { status: 'rejected' }
  | { status: 'duplicate' }
  /** The gateway still says "pending": kept, and verified again (its redelivery, the schedule). */
  | { status: 'pending'; txRef: string | null }
  | { status: 'processed'; txRef: string | null };

const MINUTE_MS = 60_000;
/** The first retry of a pending event a minute after it came, then twice as long each time, up to 6 hours. */
export const WEBHOOK_RETRY_FIRST_MS = MINUTE_MS;
export const WEBHOOK_RETRY_MAX_MS = 6 * 60 * MINUTE_MS;
/** Past this age an event still pending is left to the admin (its replay) and to a later delivery. */
export const WEBHOOK_RETRY_GIVE_UP_MS = 7 * 24 * 60 * MINUTE_MS;
export const WEBHOOK_GAVE_UP_MESSAGE = msg(
  'The gateway still reported this payment as pending after 7 days; replay the event to verify it again.',
);

/** The wait before the next try, after `attempts` tries that did not settle. */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(WEBHOOK_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), WEBHOOK_RETRY_MAX_MS);

type Tx = Parameters<Parameters<SettleDeps['db']['transaction']>[0]>[0];

/**
 * Applies a signed event: the payment it names is verified with the gateway and settled; the
 * gateway's own follow-up (Stripe: its subscription) runs after. Answers `final` when the event
 * settled something, or there is nothing left for it to do (the payment was settled by another
 * path, or the gateway does not know it); then, and only then, the event's record is marked
 * processed — in the same transaction as the money change. While the gateway still says
 * "pending", the event stays open so that a later delivery or the schedule applies it.
 */
async function applyEvent(
  deps: SettleDeps,
  gateway: PaymentGateway,
  event: WebhookEventInfo,
  policy: BillingPolicy,
  markProcessed: (db: Pick<SettleDeps['db'], 'update'> | Tx) => Promise<void>,
): Promise<'final' | 'pending'> {
  let marked = false;
  if (event.txRef) {
    const verified = await gateway.verify(event.txRef);
    if (verified) {
      let stillPending = false;
      const settled = await settlePayment(deps, event.txRef, verified, policy, new Date(), async (tx) => {
        // Read inside the payment's lock: pending on both sides means there is nothing final yet.
        stillPending = verified.status === 'pending' && (await paymentStillPending(tx, event.txRef!));
        if (!stillPending && !event.apply) {
          await markProcessed(tx);
          marked = true;
        }
      });
      if (settled && stillPending) {
        // The follow-up copies the gateway's state, which is harmless at any time.
        await event.apply?.();
        return 'pending';
      }
    }
  }
  await event.apply?.();
  if (!marked) await markProcessed(deps.db);
  return 'final';
}

async function paymentStillPending(tx: Tx, txRef: string) {
  const [row] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.txRef, txRef));
  return row?.status === 'pending';
}

const byEvent = (gatewayId: string, eventId: string) =>
  and(eq(webhookEvents.gateway, gatewayId), eq(webhookEvents.eventId, eventId));

/**
 * A gateway's webhook (decision 0038): stored as received (raw body, signature
 * result); a bad signature changes nothing else; an event id applied before is not applied again;
 * the payment it names is verified again through the gateway's API before anything is granted.
 * An event the gateway still verifies as pending is not "seen": its next delivery is applied, and
 * the schedule verifies it again with backoff until the gateway answers success or failure.
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
      .where(and(byEvent(gateway.id, event.eventId), isNotNull(webhookEvents.processedAt)));
    // Applied: nothing to do. Failed or still pending before: apply it now (a gateway retry).
    if (seen) return { status: 'duplicate' };
  }
  const where = byEvent(gateway.id, event.eventId);
  const outcome = await attempt(deps, gateway, event, policy, where, new Date());
  return outcome === 'final'
    ? { status: 'processed', txRef: event.txRef }
    : { status: 'pending', txRef: event.txRef };
}

/**
 * One try at an event whose record `where` selects: processed when final; else its next try is
 * scheduled (one more attempt, a longer wait). A failure (the gateway unreachable) is recorded
 * and scheduled the same way, and thrown to the caller.
 */
async function attempt(
  deps: SettleDeps,
  gateway: PaymentGateway,
  event: WebhookEventInfo,
  policy: BillingPolicy,
  where: SQL | undefined,
  now: Date,
): Promise<'final' | 'pending'> {
  const markProcessed = async (db: Pick<SettleDeps['db'], 'update'> | Tx) => {
    await db
      .update(webhookEvents)
      .set({ processedAt: new Date(), error: null, nextAttemptAt: null })
      .where(where);
  };
  const scheduleNext = async (error: string | null) => {
    const [row] = await deps.db
      .select({ attempts: webhookEvents.attempts, receivedAt: webhookEvents.receivedAt })
      .from(webhookEvents)
      .where(where);
    const attempts = (row?.attempts ?? 0) + 1;
    const giveUp = row ? now.getTime() - row.receivedAt.getTime() >= WEBHOOK_RETRY_GIVE_UP_MS : false;
    await deps.db
      .update(webhookEvents)
      .set({
        attempts,
        error: giveUp ? WEBHOOK_GAVE_UP_MESSAGE : error,
        nextAttemptAt: giveUp ? null : new Date(now.getTime() + webhookRetryDelayMs(attempts)),
      })
      .where(where);
  };
  try {
    const outcome = await applyEvent(deps, gateway, event, policy, markProcessed);
    if (outcome === 'pending') await scheduleNext(null);
    return outcome;
  } catch (err) {
    deps.log.warn({ err, gateway: gateway.id }, 'a billing webhook could not be applied');
    await scheduleNext(err instanceof Error ? err.message.slice(0, 500) : 'failed');
    throw err;
  }
}

/** How many due events one run of the schedule takes (the rest wait for the next run). */
const RETRY_BATCH = 20;

/**
 * The schedule's side of webhook handling: every signed event that is neither processed nor given
 * up and whose next try is due is verified with its gateway again. Each is claimed with one
 * conditional UPDATE (its next try moved past this run), so several instances never try it twice
 * at once. Answers how many settled.
 */
export async function retryPendingWebhookEvents(
  deps: SettleDeps,
  gatewayOf: (id: string) => Promise<PaymentGateway | null>,
  policy: () => Promise<BillingPolicy>,
  now = new Date(),
): Promise<number> {
  const due = await deps.db
    .select({ id: webhookEvents.id, nextAttemptAt: webhookEvents.nextAttemptAt })
    .from(webhookEvents)
    .where(
      and(
        isNull(webhookEvents.processedAt),
        eq(webhookEvents.signatureValid, true),
        lte(webhookEvents.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(webhookEvents.nextAttemptAt))
    .limit(RETRY_BATCH);
  let settled = 0;
  for (const candidate of due) {
    const [claimed] = await deps.db
      .update(webhookEvents)
      .set({ nextAttemptAt: new Date(now.getTime() + WEBHOOK_RETRY_MAX_MS) })
      .where(
        and(
          eq(webhookEvents.id, candidate.id),
          isNull(webhookEvents.processedAt),
          eq(webhookEvents.nextAttemptAt, candidate.nextAttemptAt!),
        ),
      )
      .returning();
    if (!claimed) continue;
    const gateway = await gatewayOf(claimed.gateway);
    if (!gateway) {
      // The admin removed the gateway's keys: nothing can verify it until they are back.
      await deps.db
        .update(webhookEvents)
        .set({ nextAttemptAt: new Date(now.getTime() + WEBHOOK_RETRY_MAX_MS) })
        .where(eq(webhookEvents.id, claimed.id));
      continue;
    }
    const event = gateway.readStoredEvent?.(claimed.rawBody) ?? {
      eventId: claimed.eventId ?? String(claimed.id),
      type: claimed.type ?? '',
      txRef: claimed.txRef,
    };
    try {
      const outcome = await attempt(
        deps,
        gateway,
        event,
        await policy(),
        eq(webhookEvents.id, claimed.id),
        now,
      );
      if (outcome === 'final') settled++;
    } catch {
      // Recorded on the event and scheduled again; the next event is tried all the same.
    }
  }
  return settled;
}

export type StoredWebhookEvent = typeof webhookEvents.$inferSelect;

/**
 * Applies a stored event again (the admin's replay, decision 0043): only one whose signature
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
    let stillPending = false;
    if (txRef) {
      const verified = await gateway.verify(txRef);
      if (verified) {
        const settled = await settlePayment(deps, txRef, verified, policy);
        applied = !!settled?.changed;
        stillPending = verified.status === 'pending' && settled?.payment.status === 'pending';
      }
    }
    // A subscription event (Stripe) copies the subscription's state from the gateway again.
    if (event?.apply) {
      await event.apply();
      applied = true;
    }
    // Still pending at the gateway: the event stays open and the schedule tries it again soon.
    await deps.db
      .update(webhookEvents)
      .set(
        stillPending
          ? { error: null, nextAttemptAt: new Date(Date.now() + WEBHOOK_RETRY_FIRST_MS) }
          : { processedAt: new Date(), error: null, nextAttemptAt: null },
      )
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
