import { type Currency, formatMoney, type SubscriptionView } from '@zema/contracts';
import { useCallback } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';

/** Days before a prepaid period ends when "Renew now" is offered (the server's reminder window). */
export const RENEWAL_WINDOW_DAYS = 3;
const DAY_MS = 86_400_000;

function usableTimeZone(zone: string | null | undefined): string | undefined {
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** Dates in the user's time zone (else the site's) and money in the reader's language. */
export function useBillingFormat() {
  const { language } = useTrans();
  const { user } = useAuth();
  const settings = useSettings();
  const timeZone = usableTimeZone(user?.timezone) ?? usableTimeZone(settings.dates.default_timezone);
  const date = useCallback(
    (iso: string | null | undefined, dateStyle: 'long' | 'medium' = 'long') => {
      if (!iso) return '';
      try {
        return new Intl.DateTimeFormat(language, { dateStyle, timeZone }).format(new Date(iso));
      } catch {
        return new Intl.DateTimeFormat('en', { dateStyle, timeZone }).format(new Date(iso));
      }
    },
    [language, timeZone],
  );
  const money = useCallback(
    (amount: number, currency: Currency) => formatMoney(amount, currency, language),
    [language],
  );
  return { date, money, language };
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
