import { describe, expect, it } from 'vitest';
import { invoiceNumberText, printedInvoiceNumber, yearOfIssue } from './invoice-number';

describe('invoice numbers', () => {
  it('reads prefix, year of issue and the sequence padded to six digits', () => {
    expect(invoiceNumberText('ZEMA', 2026, 1)).toBe('ZEMA-2026-000001');
    expect(invoiceNumberText('ACME-ET', 2027, 4_321)).toBe('ACME-ET-2027-004321');
    // The sequence never restarts: past a million it simply grows.
    expect(invoiceNumberText('ZEMA', 2031, 1_000_000)).toBe('ZEMA-2031-1000000');
  });

  it("takes the year where the seller is: New Year's Eve in UTC is already January in Addis Ababa", () => {
    const eve = new Date('2026-12-31T21:30:00Z');
    expect(yearOfIssue(eve, 'UTC')).toBe(2026);
    expect(yearOfIssue(eve, 'Africa/Addis_Ababa')).toBe(2027);
    expect(yearOfIssue(eve, 'Not/AZone')).toBe(2026);
  });

  it('prints an invoice from before prefixes with its bare sequence', () => {
    expect(printedInvoiceNumber({ number: 7, displayNumber: null })).toBe('7');
    expect(printedInvoiceNumber({ number: 8, displayNumber: 'ZEMA-2026-000008' })).toBe('ZEMA-2026-000008');
  });
});
