import {
  ADMIN_PERMISSIONS,
  type Calendar,
  type Currency,
  type Gateway,
  hasPermission,
  type InvoiceDocument,
  msg,
  type User,
} from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { NotFoundError } from '#src/lib/errors';
import { translator } from '#src/lib/translate';
import { localizations } from '#src/modules/localization/tables';
import type { Deps } from '#src/platform/deps';
import { invoices, payments } from './billing.tables';
import { sellerSettings } from './billing-settings';
import { printedInvoiceNumber } from './invoice-number';
import { renderInvoicePdf } from './invoice-pdf';

export const INVOICE_MESSAGES = { notFound: msg('There is no such invoice.') } as const;

type InvoiceDeps = Pick<Deps, 'db' | 'settings'>;

/**
 * One invoice as printed, for its owner or an admin with billing.manage. Anyone else gets the
 * same 404 as for a number that does not exist, so invoice numbers tell nothing about others.
 */
export async function invoiceDocument(
  deps: InvoiceDeps,
  viewer: User,
  number: number,
): Promise<InvoiceDocument> {
  const [row] = await deps.db
    .select({ invoice: invoices, payment: payments })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(invoices.number, number));
  const mayRead =
    row && (row.invoice.userId === viewer.id || hasPermission(viewer, ADMIN_PERMISSIONS.billingManage));
  if (!row || !mayRead) throw new NotFoundError(INVOICE_MESSAGES.notFound);
  const site = await deps.settings.getClientSettings();
  const seller = await sellerSettings(deps);
  const r = row.invoice;
  return {
    invoice: {
      id: r.id,
      number: r.number,
      display_number: printedInvoiceNumber(r),
      currency: r.currency as Currency,
      subtotal: r.subtotal,
      tax_rate_bp: r.taxRateBp,
      tax: r.tax,
      total: r.total,
      buyer_name: r.buyerName,
      buyer_email: r.buyerEmail,
      buyer_tin: r.buyerTin,
      lines: r.lines,
      issued_at: r.issuedAt.toISOString(),
      refunded: row.payment.refundedAmount,
      refunded_at: row.payment.refundedAt?.toISOString() ?? null,
    },
    // The seller as it was when the invoice was issued (decision 0048); an invoice issued before
    // that was kept names today's billing settings, the site's name until the legal name is set.
    seller: {
      ...(r.seller ?? {
        name: seller.sellerName ?? site.site_name,
        address: seller.invoiceAddress,
        tin: seller.sellerTin,
      }),
      url: site.base_url,
      notes: seller.invoiceNotes,
    },
    payment: {
      gateway: row.payment.gateway as Gateway,
      method: row.payment.method,
      tx_ref: row.payment.txRef,
    },
  };
}

/**
 * The invoice as a PDF in `lang` (the query) or the reader's language. A language without a
 * localization prints in English, the source text, rather than in a mix of the two.
 */
export async function invoicePdf(
  deps: InvoiceDeps,
  viewer: User,
  number: number,
  lang?: string,
  /** The calendar of its dates: the query's, else the reader's choice (account settings). */
  calendar?: Calendar,
) {
  const doc = await invoiceDocument(deps, viewer, number);
  const wanted = lang ?? viewer.language ?? 'en';
  const [localization] =
    wanted === 'en'
      ? []
      : await deps.db
          .select({ lines: localizations.lines })
          .from(localizations)
          .where(eq(localizations.language, wanted));
  const locale = localization ? wanted : 'en';
  const site = await deps.settings.getClientSettings();
  const timeZone = validTimeZone(viewer.timezone) ?? validTimeZone(site.dates.default_timezone) ?? 'UTC';
  const stream = renderInvoicePdf(doc, {
    t: translator(localization?.lines, locale),
    locale,
    timeZone,
    calendar: calendar ?? viewer.calendar ?? 'gregorian',
  });
  const name = `invoice-${doc.invoice.display_number}${locale === 'en' ? '' : `-${locale}`}.pdf`;
  return { stream, filename: name };
}

function validTimeZone(zone: string | null | undefined) {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}
