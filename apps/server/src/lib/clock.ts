/**
 * The subscriptions' clock (decision 0040): what "now" is for billing periods, grace and expiry.
 * It is the wall clock; only the browser tests' server (`E2E_CLOCK_CONTROL`) moves it forward,
 * through an e2e-only route, so a spec can pass a period's end without waiting a month. Sessions,
 * tokens and everything else keep the real time.
 */
let offsetMs = 0;

export function billingNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Moves the billing clock forward by `ms` (never back); answers the new time. */
export function advanceBillingClock(ms: number): Date {
  offsetMs += Math.max(0, ms);
  return billingNow();
}
