import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDocument } from '@zema/contracts';
import { billing } from '@zema/contracts/billing/billing.operations';
import { api } from '#src/lib/api-client';
import { billingKeys } from './keys';

/** GET billing/invoices/{number} → one of the user's invoices as printed (seller, lines, VAT, payment). */
export async function fetchInvoice(number: number, signal?: AbortSignal): Promise<InvoiceDocument> {
  return api.call(billing.invoice, { params: { number: String(number) }, signal });
}

export const invoiceQueryOptions = (number: number) =>
  queryOptions({
    queryKey: billingKeys.invoice(number),
    queryFn: ({ signal }) => fetchInvoice(number, signal),
    meta: { handlesErrors: true },
  });

export function useInvoice(number: number, enabled = true) {
  return useQuery({ ...invoiceQueryOptions(number), enabled });
}

/** Where the invoice's PDF is downloaded, in `language` (the server answers it as an attachment). */
export function invoicePdfUrl(number: number, language: string): string {
  const path = billing.invoicePdf.path.replace(':number', encodeURIComponent(String(number)));
  return `${path}?${new URLSearchParams({ lang: language })}`;
}
