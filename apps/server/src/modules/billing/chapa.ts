import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Currency, msg } from '@zema/contracts';
import { z } from 'zod';
import { UpstreamError } from '#src/lib/errors';
import type { PaymentGateway, VerifiedPayment, WebhookEventInfo } from './gateway';
import { decimalToMinor, minorToDecimal } from './money-text';
import { recordGatewayRefund } from './refunds';
import type { SettleDeps } from './settle';

/** The header Chapa signs a webhook with: hex HMAC-SHA256 of the raw body, keyed with the webhook secret. */
export const CHAPA_SIGNATURE_HEADER = 'x-chapa-signature';
export const GATEWAY_UNREACHABLE = msg('The payment service could not be reached. Try again in a moment.');
const TIMEOUT_MS = 15_000;

const initializeAnswer = z.object({
  status: z.string(),
  message: z.unknown().optional(),
  data: z.object({ checkout_url: z.url() }).nullable().optional(),
});
const verifyAnswer = z.object({
  status: z.string(),
  data: z
    .object({
      status: z.string(),
      amount: z.union([z.string(), z.number()]),
      currency: z.string(),
      method: z.string().nullable().optional(),
      payment_method: z.string().nullable().optional(),
      reference: z.string().nullable().optional(),
      tx_ref: z.string(),
    })
    .nullable()
    .optional(),
});
const webhookBody = z.object({
  event: z.string().optional(),
  type: z.string().optional(),
  tx_ref: z.string().min(1),
  status: z.string().optional(),
  /** A refund event: what was given back (major units, as Chapa writes amounts) and its reference. */
  amount: z.union([z.string(), z.number()]).nullable().optional(),
  refund_amount: z.union([z.string(), z.number()]).nullable().optional(),
  reference: z.string().nullable().optional(),
  refund_reference: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
});
const REFUND_REFERENCE = /^zema-refund-\d+$/;
const refundAnswer = z.object({
  status: z.string(),
  message: z.unknown().optional(),
  data: z
    .object({
      status: z.string().nullable().optional(),
      reference: z.string().nullable().optional(),
      refund_reference: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

/** How a Chapa payment method is shown on /billing ('telebirr', 'cbebirr', 'mpesa', 'card'...). */
function methodOf(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const m = raw.toLowerCase().replace(/[^a-z]/g, '');
  if (m.includes('telebirr')) return 'telebirr';
  if (m.includes('cbe')) return 'cbebirr';
  if (m.includes('mpesa')) return 'mpesa';
  if (m.includes('card') || m.includes('visa') || m.includes('master')) return 'card';
  return m.slice(0, 30) || null;
}

export function signChapaBody(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Chapa (decision 0038; PROTOCOLS.md): hosted checkout for ETB (and USD when the admin enables
 * it). Nothing is granted on Chapa's word in a webhook or callback alone: each one is followed by
 * `verify`, and settling compares amount and currency with the stored payment.
 */
export function createChapaGateway(opts: {
  /** Where a refund made in Chapa's dashboard is recorded when its webhook arrives. */
  deps: SettleDeps;
  apiUrl: string;
  secretKey: string;
  webhookSecret: string | null;
  usd: boolean;
  timeoutMs?: number;
}): PaymentGateway {
  const { apiUrl, secretKey, webhookSecret } = opts;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
      });
    } catch {
      throw new UpstreamError(GATEWAY_UNREACHABLE);
    }
    const json = (await res.json().catch(() => null)) as unknown;
    return { status: res.status, json };
  }

  /**
   * What a signed webhook is about. `charge.refunded` (a refund of ours confirmed, or one made in
   * Chapa's dashboard) records the refund once per refund reference.
   */
  function interpret(body: z.infer<typeof webhookBody>): WebhookEventInfo {
    const type = body.event ?? body.type ?? `charge.${body.status ?? 'unknown'}`;
    if (type !== 'charge.refunded') return { eventId: `${body.tx_ref}:${type}`, type, txRef: body.tx_ref };
    // `reference` is the payment's own in Chapa's charge events, unless it is ours for a refund.
    const reference =
      body.refund_reference ??
      (body.reference && REFUND_REFERENCE.test(body.reference) ? body.reference : null);
    const raw = body.refund_amount ?? body.amount;
    const amount = raw == null ? null : decimalToMinor(raw);
    return {
      eventId: `${body.tx_ref}:${type}:${reference ?? `${raw ?? ''}@${body.created_at ?? ''}`}`,
      type,
      txRef: body.tx_ref,
      apply: async () => {
        await recordGatewayRefund(opts.deps, { payment: { txRef: body.tx_ref }, reference, amount });
      },
    };
  }

  function parseBody(rawBody: Buffer | string) {
    try {
      return webhookBody.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      return null;
    }
  }

  return {
    id: 'chapa',
    currencies: opts.usd ? ['ETB', 'USD'] : ['ETB'],
    recurring: false,
    refunds: true,
    async startCheckout(input) {
      const { status, json } = await call('POST', '/transaction/initialize', {
        amount: minorToDecimal(input.amount),
        currency: input.currency,
        tx_ref: input.txRef,
        email: input.email,
        first_name: input.firstName ?? undefined,
        last_name: input.lastName ?? undefined,
        callback_url: input.callbackUrl,
        return_url: input.returnUrl,
        // Chapa limits the title and description to letters, digits, spaces and a few signs.
        customization: {
          title: 'Zema',
          description: input.description.replace(/[^\p{L}\p{N} ._-]/gu, ' ').slice(0, 50),
        },
      });
      const parsed = initializeAnswer.safeParse(json);
      const url = parsed.success ? parsed.data.data?.checkout_url : undefined;
      if (status >= 500 || !url) throw new UpstreamError(GATEWAY_UNREACHABLE);
      return { url };
    },
    async verify(txRef): Promise<VerifiedPayment | null> {
      const { status, json } = await call('GET', `/transaction/verify/${encodeURIComponent(txRef)}`);
      if (status >= 500) throw new UpstreamError(GATEWAY_UNREACHABLE);
      const parsed = verifyAnswer.safeParse(json);
      const data = parsed.success ? parsed.data.data : null;
      // Chapa knows no such payment (or answered something else): nothing to settle.
      if (!data || data.tx_ref !== txRef) return null;
      const amount = decimalToMinor(data.amount);
      const currency = data.currency.toUpperCase();
      if (amount === null || (currency !== 'ETB' && currency !== 'USD')) return null;
      const s = data.status.toLowerCase();
      return {
        status: s === 'success' ? 'succeeded' : s === 'failed' || s === 'cancelled' ? 'failed' : 'pending',
        amount,
        currency: currency as Currency,
        method: methodOf(data.method ?? data.payment_method),
        reference: data.reference ?? null,
      };
    },
    async readWebhook({ rawBody, headers }) {
      if (!webhookSecret) return null;
      const given = headers[CHAPA_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return null;
      const expected = Buffer.from(signChapaBody(webhookSecret, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'))) return null;
      const body = parseBody(rawBody);
      return body ? interpret(body) : null;
    },
    readStoredEvent(rawBody) {
      // Its signature held when it arrived (the admin's replay).
      const body = parseBody(rawBody);
      return body ? interpret(body) : null;
    },
    async refund(input) {
      const { status, json } = await call('POST', `/refund/${encodeURIComponent(input.txRef)}`, {
        amount: minorToDecimal(input.amount),
        reason: input.reason ?? undefined,
        // Unique per refund: Chapa refuses a second request with it, and echoes it in its webhook.
        reference: input.key,
      });
      if (status >= 500) throw new UpstreamError(GATEWAY_UNREACHABLE);
      const parsed = refundAnswer.safeParse(json);
      if (status >= 400 || !parsed.success || parsed.data.status.toLowerCase() !== 'success') {
        const said = parsed.success && typeof parsed.data.message === 'string' ? parsed.data.message : null;
        throw new UpstreamError(
          `The payment service refused the refund${said ? `: ${said}` : '.'}`.slice(0, 300),
        );
      }
      const data = parsed.data.data;
      // Chapa starts a refund; its `charge.refunded` webhook confirms it unless it says it is done.
      const state = data?.status?.toLowerCase() ?? '';
      return {
        status: state === 'success' || state === 'refunded' || state === 'completed' ? 'refunded' : 'pending',
        reference: data?.refund_reference ?? data?.reference ?? input.key,
      };
    },
  };
}
