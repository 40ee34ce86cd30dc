import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type Calendar,
  calendarLocale,
  formatMoney,
  type InvoiceDocument,
  invoiceLineMessage,
  paymentMethodLabel,
} from '@zema/contracts';
import PDFDocument from 'pdfkit';
import type { Translate } from '#src/lib/translate';

/**
 * An invoice as a PDF (decision 0040), in the reader's language. Amharic needs an Ethiopic
 * font: Noto Sans Ethiopic from @fontsource (its .woff files load in pdfkit), with the same
 * family's Latin subset for everything else, so the two scripts match on one page. Each piece of
 * text is split into runs by script and each run drawn in the font that has its glyphs.
 */

const FONT_FILES = {
  ethiopic: '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-400-normal.woff',
  ethiopicBold: '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-ethiopic-700-normal.woff',
  latin: '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-latin-400-normal.woff',
  latinBold: '@fontsource/noto-sans-ethiopic/files/noto-sans-ethiopic-latin-700-normal.woff',
} as const;
type FontName = keyof typeof FONT_FILES;

let fonts: Record<FontName, Buffer> | null = null;
function loadFonts(): Record<FontName, Buffer> {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const read = (name: FontName) => readFileSync(require.resolve(FONT_FILES[name]));
  fonts = {
    ethiopic: read('ethiopic'),
    ethiopicBold: read('ethiopicBold'),
    latin: read('latin'),
    latinBold: read('latinBold'),
  };
  return fonts;
}

// Ethiopic, Ethiopic Supplement, Extended and Extended-A.
const ETHIOPIC = /[\u1200-\u139F\u2D80-\u2DDF\uAB00-\uAB2F]/;

/** The text cut into runs of one script each (spaces and digits go with the Latin font). */
export function scriptRuns(text: string): { text: string; ethiopic: boolean }[] {
  const runs: { text: string; ethiopic: boolean }[] = [];
  for (const ch of text) {
    const ethiopic = ETHIOPIC.test(ch);
    const last = runs[runs.length - 1];
    if (last && last.ethiopic === ethiopic) last.text += ch;
    else runs.push({ text: ch, ethiopic });
  }
  return runs;
}

export type InvoicePdfOptions = {
  t: Translate;
  /** The reader's language for numbers, money and dates (`am`, `en`). */
  locale: string;
  timeZone: string;
  /** The calendar its date is written in (Gregorian unless the reader chose the Ethiopian one). */
  calendar?: Calendar;
};

const MARGIN = 50;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#cccccc';

/**
 * Lays the invoice out on one A4 page and answers the document as a readable stream (pdfkit's
 * document is one); it is ended here, so the caller only pipes or sends it.
 */
/** The invoice's date as printed: long form, in the reader's language, zone and calendar. */
export function invoiceDate(
  issuedAt: string,
  { locale, timeZone, calendar }: Pick<InvoicePdfOptions, 'locale' | 'timeZone' | 'calendar'>,
): string {
  return new Intl.DateTimeFormat(calendarLocale(locale, calendar), { dateStyle: 'long', timeZone }).format(
    new Date(issuedAt),
  );
}

export function renderInvoicePdf(doc: InvoiceDocument, { t, locale, timeZone, calendar }: InvoicePdfOptions) {
  const f = loadFonts();
  const { invoice, seller, payment } = doc;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: locale,
    info: {
      Title: `${t('Invoice {number}', { number: invoice.display_number })} — ${seller.name}`,
      Author: seller.name,
      Subject: `Invoice ${invoice.display_number}`,
      Keywords: `invoice-${invoice.display_number}`,
    },
  });
  for (const name of Object.keys(f) as FontName[]) pdf.registerFont(name, f[name]);

  const width = pdf.page.width - 2 * MARGIN;
  const right = MARGIN + width;

  /** One line of text without wrapping, aligned left or right within [x, x + w]. */
  const line = (
    text: string,
    x: number,
    y: number,
    opts: { size?: number; bold?: boolean; align?: 'left' | 'right'; w?: number; color?: string } = {},
  ) => {
    const size = opts.size ?? 10;
    const runs = scriptRuns(text);
    const fontOf = (ethiopic: boolean): FontName =>
      ethiopic ? (opts.bold ? 'ethiopicBold' : 'ethiopic') : opts.bold ? 'latinBold' : 'latin';
    pdf.fontSize(size).fillColor(opts.color ?? INK);
    const total = runs.reduce((sum, r) => sum + pdf.font(fontOf(r.ethiopic)).widthOfString(r.text), 0);
    let cx = opts.align === 'right' ? x + (opts.w ?? 0) - total : x;
    for (const r of runs) {
      pdf.font(fontOf(r.ethiopic)).text(r.text, cx, y, { lineBreak: false });
      cx += pdf.widthOfString(r.text);
    }
    return y + size * 1.45;
  };

  /** A paragraph that may wrap (address, notes): several lines of it, each drawn by `line`. */
  const lines = (text: string, x: number, y: number, opts: { size?: number; color?: string } = {}) => {
    let at = y;
    for (const l of text.split(/\r?\n/)) if (l.trim()) at = line(l.trim(), x, at, opts);
    return at;
  };

  const date = invoiceDate(invoice.issued_at, { locale, timeZone, calendar });
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);

  // Heading: the seller on the left, the invoice's title and number on the right.
  let y = MARGIN;
  let left = line(seller.name, MARGIN, y, { size: 16, bold: true });
  left = line(seller.url, MARGIN, left, { color: MUTED });
  if (seller.address) left = lines(seller.address, MARGIN, left, { color: MUTED });
  if (seller.tin) left = line(t('TIN: {tin}', { tin: seller.tin }), MARGIN, left, { color: MUTED });
  let top = line(t('Invoice'), MARGIN, y, { size: 22, bold: true, align: 'right', w: width });
  top = line(t('Invoice number: {number}', { number: invoice.display_number }), MARGIN, top + 4, {
    align: 'right',
    w: width,
  });
  top = line(t('Issued: {date}', { date }), MARGIN, top, { align: 'right', w: width });
  y = Math.max(left, top) + 20;

  // The buyer.
  y = line(t('Billed to'), MARGIN, y, { bold: true, color: MUTED, size: 9 });
  y = line(invoice.buyer_name, MARGIN, y, { size: 11, bold: true });
  y = line(invoice.buyer_email, MARGIN, y);
  if (invoice.buyer_tin) y = line(t('TIN: {tin}', { tin: invoice.buyer_tin }), MARGIN, y);
  y += 20;

  // The lines, then subtotal, VAT and total (prices include VAT: net + VAT = total exactly).
  pdf.moveTo(MARGIN, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 6;
  line(t('Description'), MARGIN, y, { bold: true, size: 9, color: MUTED });
  y = line(t('Amount'), MARGIN, y, { bold: true, size: 9, color: MUTED, align: 'right', w: width });
  pdf.moveTo(MARGIN, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 6;
  for (const l of invoice.lines) {
    const issued = invoiceLineMessage(l.description);
    line(issued ? t(issued.message, issued.values) : l.description, MARGIN, y, { size: 10 });
    y = line(money(l.amount), MARGIN, y, { align: 'right', w: width }) + 2;
  }
  pdf.moveTo(MARGIN, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 8;
  const sumsX = MARGIN + width / 2;
  const sum = (label: string, amount: number, bold = false) => {
    line(label, sumsX, y, { bold });
    y = line(money(amount), sumsX, y, { bold, align: 'right', w: width / 2 });
  };
  sum(t('Subtotal (excluding VAT)'), invoice.subtotal);
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    invoice.tax_rate_bp / 10_000,
  );
  sum(t('VAT ({rate})', { rate }), invoice.tax);
  y += 2;
  sum(t('Total'), invoice.total, true);
  // A refund leaves the invoice as issued (its number and lines stay) and shows what came back.
  if (invoice.refunded > 0) {
    y += 2;
    sum(t('Refunded'), -invoice.refunded);
    sum(t('Paid after refunds'), invoice.total - invoice.refunded, true);
  }
  y += 24;

  // How it was paid.
  const method = paymentMethodLabel(payment.gateway, payment.method);
  y = line(t('Payment'), MARGIN, y, { bold: true, color: MUTED, size: 9 });
  y = line(
    t('Paid with {method}', { method: [t(method.text), method.detail].filter(Boolean).join(' ') }),
    MARGIN,
    y,
  );
  y = line(t('Reference: {reference}', { reference: payment.tx_ref }), MARGIN, y, { color: MUTED });
  y += 16;
  y = line(t('Prices include VAT.'), MARGIN, y, { size: 9, color: MUTED });
  if (seller.notes) lines(seller.notes, MARGIN, y + 4, { size: 9, color: MUTED });

  pdf.end();
  return pdf;
}
