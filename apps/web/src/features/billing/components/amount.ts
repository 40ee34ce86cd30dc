import { CURRENCY_MINOR_UNITS, type Currency } from '@zema/contracts';

/**
 * The plan editor's amounts: typed as decimals ("199", "199.5", "1 990,00"), sent as integers in
 * minor units (santim, cents) — converted from the text, never through a float multiplication
 * (19.99 * 100 is 1998.9999…).
 */
export function toMinorUnits(text: string, currency: Currency): number | null {
  const digits = Math.round(Math.log10(CURRENCY_MINOR_UNITS[currency]));
  const cleaned = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  // One decimal separator, a dot or a comma; thousands separators other than spaces are refused.
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the form shows them to edit: "199.00". */
export function fromMinorUnits(amount: number, currency: Currency): string {
  const minor = CURRENCY_MINOR_UNITS[currency];
  const digits = Math.round(Math.log10(minor));
  const whole = Math.floor(amount / minor);
  const fraction = String(amount % minor).padStart(digits, '0');
  return digits > 0 ? `${whole}.${fraction}` : String(whole);
}
