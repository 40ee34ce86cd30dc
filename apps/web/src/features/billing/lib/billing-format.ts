import type { SubscriptionView } from '@zema/contracts';
import { useCallback } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { usableTimeZone, useFormat } from '#src/lib/format';

/** Days before a prepaid period ends when "Renew now" is offered (the server's reminder window). */
export const RENEWAL_WINDOW_DAYS = 3;
const DAY_MS = 86_400_000;

/**
 * Billing's dates are the days a period starts and ends as the server counts them: in the user's
 * time zone, else the site's (the browser's only when neither is known), written long
 * ("November 28, 2026"); money and percentages in the reader's language.
 */
export function useBillingFormat() {
  const { user } = useAuth();
  const settings = useSettings();
  const format = useFormat({
    timeZone: usableTimeZone(user?.timezone, settings.dates.default_timezone),
  });
  const date = useCallback(
    (iso: string | null | undefined, dateStyle: 'long' | 'medium' = 'long') =>
      format.date(iso, { dateStyle }),
    [format],
  );
  return { date, money: format.money, percent: format.percent, language: format.language };
}

export type PlanPhase = 'active' | 'trialing' | 'past_due' | 'cancelled' | 'expired' | 'incomplete';

/**
 * Whether "Renew now" applies: a prepaid plan (Zema renews it, not the gateway) that is not
 * cancelled, in its reminder window before the end or past due in its grace days.
 */
export function canRenewNow(s: SubscriptionView, now = Date.now()): boolean {
  if (s.auto_renews || s.gateway === 'stripe' || s.gateway === 'manual' || !s.price) return false;
  if (s.cancel_at_period_end || s.status === 'cancelled') return false;
  if (s.status === 'past_due') return s.valid;
  if (s.status !== 'active' || !s.current_period_end) return false;
  return new Date(s.current_period_end).getTime() - now <= RENEWAL_WINDOW_DAYS * DAY_MS;
}
