import { type AdminWebhookEvent, WEBHOOK_GATEWAYS } from '@zema/contracts/admin';
import { useMemo, useState } from 'react';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { FilterSelect } from '#src/components/admin/list-toolbar';
import { firstErrorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { DateTime } from '#src/ui/date-time';
import { Dialog } from '#src/ui/dialog';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useAdminWebhook } from '../api/get-webhook';
import { useAdminWebhooks } from '../api/list-webhooks';
import { useReplayWebhook } from '../api/replay-webhook';
import { codeText, dateTimeText, Status } from '../components/billing-format';

const FILTERS = ['gateway', 'signature_valid', 'failed'] as const;

/** /admin/billing/webhooks: every webhook as received, its signature check and what became of it. */
export default function WebhooksPage() {
  const { trans, language } = useTrans();
  const [open, setOpen] = useState<number | null>(null);
  const replay = useReplayWebhook();

  const doReplay = (id: number) =>
    replay.mutate(id, {
      onSuccess: (res) =>
        toast.positive(
          res.outcome === 'applied'
            ? trans('Event applied: the payment was verified and settled')
            : trans('Nothing to do: the payment was already settled'),
        ),
      onError: (error) => toast.danger(firstErrorMessage(error)),
    });

  // Built each render: the replay button reads the mutation's state.
  const columns: DataTableColumn<AdminWebhookEvent>[] = [
    {
      id: 'received_at',
      header: trans('Received'),
      sortKey: 'received_at',
      hideable: false,
      cell: (e) => <DateTime iso={e.received_at} language={language} />,
    },
    {
      id: 'gateway',
      header: trans('Gateway'),
      cell: (e) => <span title={e.gateway}>{codeText(trans, e.gateway)}</span>,
    },
    {
      id: 'type',
      header: trans('Event'),
      cell: (e) => (
        <span className="flex flex-col">
          <span className="text-fg">{e.type ?? '—'}</span>
          {e.tx_ref && <code className="text-xs text-muted">{e.tx_ref}</code>}
        </span>
      ),
    },
    {
      id: 'signature',
      header: trans('Signature'),
      cell: (e) =>
        e.signature_valid ? (
          <Status tone="positive">{trans('Valid')}</Status>
        ) : (
          <Status tone="danger">{trans('Invalid')}</Status>
        ),
    },
    {
      id: 'processed_at',
      header: trans('Processed'),
      cell: (e) =>
        e.processed_at ? (
          dateTimeText(e.processed_at, language)
        ) : e.error ? (
          <span className="flex flex-col gap-0.5">
            <Status tone="danger">{trans('Failed')}</Status>
            <span className="text-xs text-muted">{e.error}</span>
            {e.next_attempt_at && (
              <span className="text-xs text-muted">
                {trans('Next try {time}', { time: dateTimeText(e.next_attempt_at, language) })}
              </span>
            )}
          </span>
        ) : e.next_attempt_at ? (
          // The gateway still said "pending": the schedule verifies it again.
          <span className="flex flex-col gap-0.5">
            <Status tone="warning">{trans('Waiting for the gateway')}</Status>
            <span className="text-xs text-muted">
              {trans('Next try {time}', { time: dateTimeText(e.next_attempt_at, language) })}
            </span>
          </span>
        ) : (
          dateTimeText(e.processed_at, language)
        ),
    },
    {
      id: 'actions',
      header: trans('Actions'),
      hideable: false,
      cell: (e) => (
        <span className="flex gap-1">
          <Button
            variant="text"
            size="sm"
            aria-label={trans('View event {id}', { id: e.id })}
            onPress={() => setOpen(e.id)}
          >
            {trans('View')}
          </Button>
          {e.signature_valid && (
            <Button
              variant="text"
              size="sm"
              aria-label={trans('Replay event {id}', { id: e.id })}
              isPending={replay.isPending && replay.variables === e.id}
              onPress={() => doReplay(e.id)}
            >
              {trans('Replay')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <AdminListPage
      title={trans('Webhooks')}
      breadcrumbs={[{ label: trans('Billing') }]}
      description={trans(
        'What the gateways sent, as received. An event with a valid signature can be replayed: its payment is verified with the gateway again and settled at most once.',
      )}
      tableLabel={trans('Webhook events')}
      storageKey="admin-billing-webhooks"
      columns={columns}
      useList={useAdminWebhooks}
      filterKeys={FILTERS}
      onRowAction={(e) => setOpen(e.id)}
      empty={<p className="text-sm text-muted">{trans('No webhook events match this filter.')}</p>}
      search={{ label: trans('Search by event id or reference') }}
      filters={({ params, setFilter }) => (
        <>
          <FilterSelect
            label={trans('Gateway')}
            anyLabel={trans('Any gateway')}
            options={WEBHOOK_GATEWAYS.map((g) => ({ id: g, label: codeText(trans, g) }))}
            value={params.filters.gateway}
            onChange={(gateway) => setFilter('gateway', gateway)}
          />
          <FilterSelect
            label={trans('Signature')}
            anyLabel={trans('Any signature')}
            options={[
              { id: 'true', label: trans('Valid') },
              { id: 'false', label: trans('Invalid') },
            ]}
            value={params.filters.signature_valid}
            onChange={(signature_valid) => setFilter('signature_valid', signature_valid)}
          />
          <FilterSelect
            label={trans('Outcome')}
            anyLabel={trans('Any outcome')}
            options={[
              { id: 'true', label: trans('Failed') },
              { id: 'false', label: trans('Without error') },
            ]}
            value={params.filters.failed}
            onChange={(failed) => setFilter('failed', failed)}
          />
        </>
      )}
    >
      {open !== null && <EventDialog id={open} onClose={() => setOpen(null)} />}
    </AdminListPage>
  );
}

function EventDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { trans, language } = useTrans();
  const event = useAdminWebhook(id);
  const body = event.data?.raw_body ?? '';
  const pretty = useMemo(() => {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }, [body]);
  return (
    <Dialog
      title={trans('Webhook event {id}', { id })}
      size="lg"
      isOpen
      onOpenChange={(o) => !o && onClose()}
    >
      {event.isPending ? (
        <Spinner label={trans('Loading the event')} />
      ) : event.data ? (
        <div className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted">{trans('Gateway')}</dt>
            <dd>{codeText(trans, event.data.gateway)}</dd>
            <dt className="text-muted">{trans('Event id')}</dt>
            <dd className="break-all">{event.data.event_id ?? '—'}</dd>
            <dt className="text-muted">{trans('Signature')}</dt>
            <dd>{event.data.signature_valid ? trans('Valid') : trans('Invalid')}</dd>
            <dt className="text-muted">{trans('Processed')}</dt>
            <dd>{dateTimeText(event.data.processed_at, language)}</dd>
            <dt className="text-muted">{trans('Error')}</dt>
            <dd>{event.data.error ?? '—'}</dd>
            <dt className="text-muted">{trans('Tries')}</dt>
            <dd>{event.data.attempts}</dd>
            <dt className="text-muted">{trans('Next try')}</dt>
            <dd>{dateTimeText(event.data.next_attempt_at, language)}</dd>
          </dl>
          <h3 className="font-semibold">{trans('Raw body')}</h3>
          <pre className="max-h-96 overflow-auto rounded-theme bg-bg-alt p-3 text-xs">{pretty}</pre>
        </div>
      ) : (
        <p className="text-sm text-danger">{firstErrorMessage(event.error)}</p>
      )}
    </Dialog>
  );
}
