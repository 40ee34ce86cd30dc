import { Download, Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { PageError } from '#src/components/states';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button, buttonClass, LinkButton } from '#src/ui/button';
import { NotFoundPage } from '#src/ui/not-found-page';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { invoicePdfUrl, useInvoice } from '../api/get-invoice';
import { InvoiceDocument } from '../components/invoice-document';

/**
 * /billing/invoices/{number}: one invoice, printable (the print stylesheet keeps the invoice and
 * drops the site around it), with Print and Download PDF, in the reader's language. Someone
 * else's number is the 404 page, as the server answers.
 */
export default function InvoicePage() {
  const { trans, language } = useTrans();
  const number = Number(useParams().number);
  const valid = Number.isInteger(number) && number > 0;
  const query = useInvoice(number, valid);
  // The number as printed once the invoice is here (`ZEMA-2026-000042`), not the address's sequence.
  usePageTitle(
    query.data ? trans('Invoice {number}', { number: query.data.invoice.display_number }) : trans('Invoice'),
  );

  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full min-w-0 max-w-3xl flex-1 px-4 py-8 sm:px-6 lg:py-12">
      <div className="mb-6 flex flex-wrap items-center gap-2 print:hidden">
        <LinkButton href={paths.billing()} variant="text">
          {trans('Back to billing')}
        </LinkButton>
        <div className="ms-auto flex flex-wrap gap-2">
          <Button variant="outline" startIcon={<Printer aria-hidden />} onPress={() => window.print()}>
            {trans('Print')}
          </Button>
          {valid && (
            <a
              href={invoicePdfUrl(number, language)}
              download
              className={buttonClass({ variant: 'primary' })}
            >
              <Download aria-hidden className="size-4" />
              {trans('Download PDF')}
            </a>
          )}
        </div>
      </div>
      {!valid ? (
        <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />
      ) : query.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label={trans('Loading invoice')} />
        </div>
      ) : query.isError ? (
        <PageError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <InvoiceDocument doc={query.data} />
      )}
    </main>
  );
}
