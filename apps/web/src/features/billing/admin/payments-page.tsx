import { GATEWAYS, PAYMENT_STATUSES } from '@zema/contracts';
import type { AdminPayment } from '@zema/contracts/admin';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { FilterSelect } from '#src/components/admin/list-toolbar';
import { ApiError, errorMessage } from '#src/lib/api-error';
import { formatMoney } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { DateTime } from '#src/ui/date-time';
import { toast } from '#src/ui/toast';
import { useAdminPayments } from '../api/list-payments';
import { useRefundPayment } from '../api/refund-payment';
import { codeText, STATUS_TONES, Status } from '../components/billing-format';
import { RefundDialog } from '../components/refund-dialog';

const FILTERS = ['status', 'gateway'] as const;

/** /admin/billing/payments: every attempt to pay, its gateway and what became of it. */
export default function PaymentsPage() {
  const { trans, language } = useTrans();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);

  const columns = useMemo<DataTableColumn<AdminPayment>[]>(
    () => [
      {
        id: 'user',
        header: trans('User'),
        hideable: false,
        cell: (p) => (
          <Link to={paths.adminUser(p.user)} tabIndex={-1} className="flex flex-col hover:underline">
            <span className="font-medium text-fg">{p.user.name}</span>
            <span className="text-xs text-muted">{p.user.email}</span>
          </Link>
        ),
      },
      {
        id: 'amount',
        header: trans('Amount'),
        sortKey: 'amount',
        cell: (p) => (
          <span className="flex flex-col">
            <span className="text-fg tabular-nums">{formatMoney(p.amount, p.currency, language)}</span>
            {p.credit > 0 && (
              <span className="text-xs text-muted">
                {trans('{credit} credit', { credit: formatMoney(p.credit, p.currency, language) })}
              </span>
            )}
            {p.refunded_amount > 0 && (
              <span className="text-xs text-muted">
                {trans('Refunded {amount}', { amount: formatMoney(p.refunded_amount, p.currency, language) })}
              </span>
            )}
          </span>
        ),
      },
      {
        id: 'status',
        header: trans('Status'),
        cell: (p) => (
          <span className="flex flex-col gap-0.5">
            <Status tone={STATUS_TONES[p.status] ?? 'muted'} code={p.status}>
              {codeText(trans, p.status)}
            </Status>
            {p.failure_reason && <span className="text-xs text-muted">{p.failure_reason}</span>}
          </span>
        ),
      },
      { id: 'plan', header: trans('Plan'), cell: (p) => `${p.product_name} · ${codeText(trans, p.purpose)}` },
      {
        id: 'gateway',
        header: trans('Gateway'),
        cell: (p) => (
          <span className="flex flex-col">
            <span title={p.gateway}>{codeText(trans, p.gateway)}</span>
            {p.method && <span className="text-xs text-muted">{p.method}</span>}
          </span>
        ),
      },
      { id: 'tx_ref', header: trans('Reference'), cell: (p) => <code className="text-xs">{p.tx_ref}</code> },
      {
        id: 'created_at',
        header: trans('Started'),
        sortKey: 'created_at',
        cell: (p) => <DateTime iso={p.created_at} language={language} />,
      },
      {
        id: 'processed_at',
        header: trans('Processed'),
        cell: (p) => <DateTime iso={p.processed_at} language={language} />,
      },
      {
        id: 'actions',
        header: trans('Actions'),
        hideable: false,
        cell: (p) =>
          p.status === 'succeeded' && p.refunded_amount < p.amount ? (
            <Button
              variant="text"
              size="sm"
              aria-label={trans('Refund the payment {reference}', { reference: p.tx_ref })}
              onPress={() => setRefunding(p)}
            >
              {trans('Refund…')}
            </Button>
          ) : null,
      },
    ],
    [trans, language],
  );

  return (
    <AdminListPage
      title={trans('Payments')}
      breadcrumbs={[{ label: trans('Billing') }]}
      description={trans(
        'Every checkout started, with the amount fixed when it started and what the gateway said.',
      )}
      storageKey="admin-billing-payments"
      columns={columns}
      useList={useAdminPayments}
      filterKeys={FILTERS}
      empty={<p className="text-sm text-muted">{trans('No payments match this filter.')}</p>}
      search={{ label: trans('Search by user or reference') }}
      filters={({ params, setFilter }) => (
        <>
          <FilterSelect
            label={trans('Status')}
            anyLabel={trans('Any status')}
            options={PAYMENT_STATUSES.map((s) => ({ id: s, label: codeText(trans, s) }))}
            value={params.filters.status}
            onChange={(status) => setFilter('status', status)}
          />
          <FilterSelect
            label={trans('Gateway')}
            anyLabel={trans('Any gateway')}
            options={GATEWAYS.filter((g) => g !== 'manual').map((g) => ({
              id: g,
              label: codeText(trans, g),
            }))}
            value={params.filters.gateway}
            onChange={(gateway) => setFilter('gateway', gateway)}
          />
        </>
      )}
    >
      {refunding && <Refund payment={refunding} onClose={() => setRefunding(null)} />}
    </AdminListPage>
  );
}

/** The refund dialog with its call: errors stay in the dialog; success closes it and says so. */
function Refund({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { trans } = useTrans();
  const refund = useRefundPayment();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  return (
    <RefundDialog
      payment={payment}
      onOpenChange={(open) => !open && onClose()}
      isPending={refund.isPending}
      errors={errors}
      message={message}
      onSubmit={(body) =>
        refund.mutate(
          { id: payment.id, body },
          {
            onSuccess: (updated) => {
              toast.positive(
                updated.status === 'refunded' ? trans('Payment refunded') : trans('Payment partly refunded'),
              );
              onClose();
            },
            onError: (error) => {
              const fields = error instanceof ApiError ? (error.errors ?? {}) : {};
              setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
              setMessage(errorMessage(error));
            },
          },
        )
      }
    />
  );
}
