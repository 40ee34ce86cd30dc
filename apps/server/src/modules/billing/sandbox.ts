import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Currency, SandboxCharge, SandboxOutcome } from '@zema/contracts';
import { msg } from '@zema/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { UpstreamError } from '#src/lib/errors';
import { sandboxCharges } from './billing.tables';
import type { IncomingWebhook, PaymentGateway, VerifiedPayment } from './gateway';

/** The header the sandbox signs its webhooks with (hex HMAC-SHA256 of the raw body, as Chapa does). */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const webhookSchema = z.object({ event: z.string(), tx_ref: z.string(), outcome: z.string() });

export const signSandboxBody = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * The sandbox gateway (decision 0038): the default without gateway keys, clearly test mode. It
 * keeps its own record of each charge (`sandbox_charges`) the way a real gateway keeps its side,
 * the buyer decides the outcome on its checkout page, and it then sends Zema a signed webhook that
 * goes through the same path as Chapa's and Stripe's: signature, verify, settle.
 */
/** A charge as the sandbox keeps it; the way back from its page is the shop's to say (`cancel_url`). */
type GatewayCharge = Omit<SandboxCharge, 'cancel_url'>;

export function createSandboxGateway(opts: {
  db: Database;
  secret: string;
  appUrl: string;
}): PaymentGateway & {
  charge(txRef: string): Promise<GatewayCharge | null>;
  decide(
    txRef: string,
    outcome: SandboxOutcome,
  ): Promise<{ charge: GatewayCharge; webhook: IncomingWebhook }>;
} {
  const { db, secret, appUrl } = opts;
  const toCharge = (row: typeof sandboxCharges.$inferSelect): GatewayCharge => ({
    tx_ref: row.txRef,
    amount: row.amount,
    currency: row.currency as Currency,
    description: row.description,
    status: row.status as SandboxOutcome,
    return_url: row.returnUrl,
  });
  const find = async (txRef: string) =>
    (await db.select().from(sandboxCharges).where(eq(sandboxCharges.txRef, txRef)))[0] ?? null;

  return {
    id: 'sandbox',
    currencies: ['ETB', 'USD'],
    recurring: false,
    refunds: true,
    async startCheckout(input) {
      await db
        .insert(sandboxCharges)
        .values({
          txRef: input.txRef,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          returnUrl: input.returnUrl,
        })
        .onConflictDoNothing();
      return { url: `${appUrl}/checkout/sandbox/${encodeURIComponent(input.txRef)}`, reference: input.txRef };
    },
    async verify(txRef): Promise<VerifiedPayment | null> {
      const row = await find(txRef);
      if (!row) return null;
      return {
        status: row.status === 'success' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'pending',
        amount: row.amount,
        currency: row.currency as Currency,
        method: 'sandbox',
        reference: `sandbox-${row.txRef}`,
      };
    },
    async refund(input) {
      // Given back at once, as long as the charge was paid and has that much left (a real
      // gateway refuses the rest the same way).
      const [row] = await db
        .update(sandboxCharges)
        .set({ refunded: sql`${sandboxCharges.refunded} + ${input.amount}` })
        .where(
          and(
            eq(sandboxCharges.txRef, input.txRef),
            eq(sandboxCharges.status, 'success'),
            sql`${sandboxCharges.refunded} + ${input.amount} <= ${sandboxCharges.amount}`,
          ),
        )
        .returning();
      if (!row)
        throw new UpstreamError(msg('The payment service refused the refund: nothing left to refund.'));
      return { status: 'refunded', reference: `sandbox-${input.key}` };
    },
    async readWebhook({ rawBody, headers }) {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return null;
      const expected = Buffer.from(signSandboxBody(secret, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
      let body: z.infer<typeof webhookSchema>;
      try {
        body = webhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        return null;
      }
      return { eventId: `${body.tx_ref}:${body.outcome}`, type: body.event, txRef: body.tx_ref };
    },
    async charge(txRef) {
      const row = await find(txRef);
      return row ? toCharge(row) : null;
    },
    async decide(txRef, outcome) {
      // A decided charge stays decided (a real gateway does not un-pay a payment).
      const [row] = await db
        .update(sandboxCharges)
        .set({ status: outcome, decidedAt: outcome === 'pending' ? null : new Date() })
        .where(and(eq(sandboxCharges.txRef, txRef), eq(sandboxCharges.status, 'pending')))
        .returning();
      const current = row ?? (await find(txRef));
      if (!current) throw new Error(`no sandbox charge ${txRef}`);
      const rawBody = Buffer.from(
        JSON.stringify({ event: `charge.${current.status}`, tx_ref: txRef, outcome: current.status }),
      );
      return {
        charge: toCharge(current),
        webhook: { rawBody, headers: { [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, rawBody) } },
      };
    },
  };
}
