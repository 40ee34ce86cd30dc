import { type InvoiceDocument as Doc, invoiceLineMessage, paymentMethodLabel } from '@zema/contracts';
import { useTrans } from '#src/lib/i18n';
import { useBillingFormat } from '../lib/billing-format';

/**
 * An invoice as printed (the same content as its PDF): the seller, the buyer with their TIN, the
 * lines, the subtotal before VAT, the VAT line and the total (prices include VAT), and how it was
 * paid. The print stylesheet shows this and nothing else.
 */
export function InvoiceDocument({ doc }: { doc: Doc }) {
  const { trans } = useTrans();
  // A line is stored as issued, in English; one the app wrote (a plan's period, a credit) reads in
  // the reader's language, any other as it was written.
  const lineText = (description: string) => {
    const written = invoiceLineMessage(description);
    return written ? trans(written.message, written.values) : description;
  };
  const { date, money, percent } = useBillingFormat();
  const { invoice, seller, payment } = doc;
  const method = paymentMethodLabel(payment.gateway, payment.method);
  const rate = percent(invoice.tax_rate_bp / 10_000, { maximumFractionDigits: 2 });
  return (
    <article
      aria-labelledby="invoice-title"
      className="invoice-print rounded-theme border border-divider bg-paper p-5 text-sm text-fg sm:p-8 print:border-0 print:p-0"
    >
      <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div>
          <p className="text-lg font-semibold">{seller.name}</p>
          <p className="text-muted">{seller.url}</p>
          {seller.address && <p className="whitespace-pre-line text-muted">{seller.address}</p>}
          {seller.tin && <p className="text-muted">{trans('TIN: {tin}', { tin: seller.tin })}</p>}
        </div>
        <div className="sm:text-end">
          <h1 id="invoice-title" className="text-2xl font-semibold">
            {trans('Invoice')}
          </h1>
          <p>{trans('Invoice number: {number}', { number: invoice.display_number })}</p>
          <p>{trans('Issued: {date}', { date: date(invoice.issued_at) })}</p>
        </div>
      </header>

      <section aria-labelledby="invoice-buyer" className="mt-8">
        <h2 id="invoice-buyer" className="text-xs font-semibold uppercase tracking-wide text-muted">
          {trans('Billed to')}
        </h2>
        <p className="mt-1 font-semibold">{invoice.buyer_name}</p>
        <p>{invoice.buyer_email}</p>
        {invoice.buyer_tin && <p>{trans('TIN: {tin}', { tin: invoice.buyer_tin })}</p>}
      </section>

      <table className="mt-8 w-full text-start">
        <caption className="sr-only">{trans('Invoice {number}', { number: invoice.display_number })}</caption>
        <thead>
          <tr className="border-b border-divider text-xs text-muted">
            <th scope="col" className="py-2 text-start font-semibold">
              {trans('Description')}
            </th>
            <th scope="col" className="py-2 text-end font-semibold">
              {trans('Amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an invoice's lines are fixed and ordered.
            <tr key={i} className="border-b border-divider">
              <td className="py-2 pe-4">{lineText(line.description)}</td>
              <td className="py-2 text-end tabular-nums">{money(line.amount, invoice.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-end font-normal">
              {trans('Subtotal (excluding VAT)')}
            </th>
            <td className="pt-3 text-end tabular-nums">{money(invoice.subtotal, invoice.currency)}</td>
          </tr>
          <tr>
            <th scope="row" className="py-1 text-end font-normal">
              {trans('VAT ({rate})', { rate })}
            </th>
            <td className="py-1 text-end tabular-nums">{money(invoice.tax, invoice.currency)}</td>
          </tr>
          <tr className="text-base font-semibold">
            <th scope="row" className="py-1 text-end">
              {trans('Total')}
            </th>
            <td className="py-1 text-end tabular-nums">{money(invoice.total, invoice.currency)}</td>
          </tr>
          {invoice.refunded > 0 && (
            <>
              <tr>
                <th scope="row" className="py-1 text-end font-normal">
                  {trans('Refunded')}
                </th>
                <td className="py-1 text-end tabular-nums">{money(-invoice.refunded, invoice.currency)}</td>
              </tr>
              <tr className="font-semibold">
                <th scope="row" className="py-1 text-end">
                  {trans('Paid after refunds')}
                </th>
                <td className="py-1 text-end tabular-nums">
                  {money(invoice.total - invoice.refunded, invoice.currency)}
                </td>
              </tr>
            </>
          )}
        </tfoot>
      </table>

      <section aria-labelledby="invoice-payment" className="mt-8">
        <h2 id="invoice-payment" className="text-xs font-semibold uppercase tracking-wide text-muted">
          {trans('Payment')}
        </h2>
        <p className="mt-1">
          {trans('Paid with {method}', {
            method: [trans(method.text), method.detail].filter(Boolean).join(' '),
          })}
        </p>
        <p className="break-all text-muted">
          {trans('Reference: {reference}', { reference: payment.tx_ref })}
        </p>
      </section>
      <footer className="mt-6 text-xs text-muted">
        <p>{trans('Prices include VAT.')}</p>
        {seller.notes && <p className="mt-1 whitespace-pre-line">{seller.notes}</p>}
      </footer>
    </article>
  );
}
