/**
 * How invoices are numbered (decision 0048): the admin's prefix, the year of
 * issue in the site's time zone, and the gap-free sequence padded to six digits, as in
 * `ZEMA-2026-000042`. The sequence is one counter for the life of the install: it does not
 * restart in January, so the sequence alone still names one invoice (the address of its page) and
 * no number is ever issued twice, whatever the prefix was.
 */

/** The prefix until the admin sets another. */
export const DEFAULT_INVOICE_PREFIX = 'ZEMA';
/** Digits the sequence is padded to (a seventh appears after the millionth invoice). */
export const INVOICE_SEQUENCE_DIGITS = 6;

export function invoiceNumberText(prefix: string, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
}

/** The calendar year of `at` where the seller is (the site's time zone; UTC when that is unknown). */
export function yearOfIssue(at: Date, timeZone: string): number {
  try {
    return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(at));
  } catch {
    return at.getUTCFullYear();
  }
}

/**
 * The number an invoice is printed with: the one it was issued with, or, for an invoice issued
 * before numbers had a prefix, its bare sequence, as it was printed then.
 */
export const printedInvoiceNumber = (row: { number: number; displayNumber: string | null }) =>
  row.displayNumber ?? String(row.number);
