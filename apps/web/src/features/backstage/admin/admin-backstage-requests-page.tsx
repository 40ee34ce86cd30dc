import {
  ARTIST_ROLE_LABELS,
  BACKSTAGE_REQUEST_STATUSES,
  BACKSTAGE_REQUEST_TYPE_LABELS,
  BACKSTAGE_REQUEST_TYPES,
  type BackstageRequest,
  denyBackstageRequestSchema,
} from '@zema/contracts';
import { operationPath } from '@zema/contracts/operation';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { FilterSelect } from '#src/components/admin/list-toolbar';
import { firstErrorMessage } from '#src/lib/api-error';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { Dialog } from '#src/ui/dialog';
import { TextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { useApproveRequest, useDenyRequest, useReviewList } from '../api/review';
import { REQUEST_STATUS_LABELS, RequestStatusBadge } from '../components/request-list';

const FILTERS = ['status', 'type'] as const;

/** /admin/backstage-requests: artists asking to become, claim or verify an artist, and the review. */
export default function AdminBackstageRequestsPage() {
  const [open, setOpen] = useState<BackstageRequest | null>(null);
  const format = useFormat();
  const { trans } = useTrans();

  const columns = useMemo<DataTableColumn<BackstageRequest>[]>(
    () => [
      {
        id: 'artist_name',
        header: trans('Artist'),
        sortKey: 'artist_name',
        hideable: false,
        cell: (r) => (
          <button
            type="button"
            className="rounded-sm text-left font-medium hover:underline focus-visible:ring-2 focus-visible:ring-primary"
            onClick={() => setOpen(r)}
          >
            {r.artist?.name ?? r.artist_name}
          </button>
        ),
      },
      { id: 'user', header: trans('Requester'), cell: (r) => `${r.user.display_name} (${r.user.email})` },
      {
        id: 'type',
        header: trans('Type'),
        sortKey: 'type',
        cell: (r) => trans(BACKSTAGE_REQUEST_TYPE_LABELS[r.type]),
      },
      { id: 'role', header: trans('Role'), cell: (r) => trans(ARTIST_ROLE_LABELS[r.role]) },
      {
        id: 'status',
        header: trans('Status'),
        sortKey: 'status',
        cell: (r) => <RequestStatusBadge status={r.status} />,
      },
      {
        id: 'created_at',
        header: trans('Sent'),
        sortKey: 'created_at',
        cell: (r) => format.dateTime(r.created_at),
      },
    ],
    [format, trans],
  );

  return (
    <AdminListPage
      title={trans('Backstage requests')}
      description={trans('Artists asking to join, claim an artist page or get the verified badge.')}
      storageKey="admin-backstage-requests"
      columns={columns}
      useList={useReviewList}
      filterKeys={FILTERS}
      onRowAction={(r) => setOpen(r)}
      empty={<p className="text-sm text-muted">{trans('No requests for this filter.')}</p>}
      search={{ label: trans('Search artist or requester') }}
      filters={({ params, setFilter }) => (
        <>
          <FilterSelect
            label={trans('Status')}
            anyLabel={trans('Any status')}
            options={BACKSTAGE_REQUEST_STATUSES.map((s) => ({
              id: s,
              label: trans(REQUEST_STATUS_LABELS[s]),
            }))}
            value={params.filters.status}
            onChange={(status) => setFilter('status', status)}
          />
          <FilterSelect
            label={trans('Type')}
            anyLabel={trans('Any type')}
            className="w-48"
            options={BACKSTAGE_REQUEST_TYPES.map((t) => ({
              id: t,
              label: trans(BACKSTAGE_REQUEST_TYPE_LABELS[t]),
            }))}
            value={params.filters.type}
            onChange={(type) => setFilter('type', type)}
          />
        </>
      )}
    >
      {open && <ReviewDialog request={open} onClose={() => setOpen(null)} />}
    </AdminListPage>
  );
}

/** One request in full, with Approve and Deny (the reason is required and shown to the requester). */
function ReviewDialog({ request, onClose }: { request: BackstageRequest; onClose: () => void }) {
  const { trans } = useTrans();
  const approve = useApproveRequest();
  const deny = useDenyRequest();
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const pending = request.status === 'pending';

  const submitDeny = () => {
    const parsed = denyBackstageRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setReasonError(issue ? trans(issue) : null);
      return;
    }
    deny.mutate(
      { id: request.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.positive(trans('Request denied'));
          onClose();
        },
        onError: (err) => setReasonError(firstErrorMessage(err)),
      },
    );
  };

  return (
    <Dialog
      title={request.artist?.name ?? request.artist_name}
      isOpen
      onOpenChange={(o) => !o && onClose()}
      size="lg"
    >
      <div className="flex flex-col gap-4">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-muted">{trans('Status')}</dt>
          <dd>
            <RequestStatusBadge status={request.status} />
          </dd>
          <dt className="font-medium text-muted">{trans('Type')}</dt>
          <dd>{trans(BACKSTAGE_REQUEST_TYPE_LABELS[request.type])}</dd>
          <dt className="font-medium text-muted">{trans('Requester')}</dt>
          <dd>
            <a href={paths.adminUser(request.user)} className="hover:underline">
              {request.user.display_name}
            </a>{' '}
            <span className="text-muted">{request.user.email}</span>
          </dd>
          <dt className="font-medium text-muted">{trans('Artist')}</dt>
          <dd>
            {request.artist ? (
              <a href={paths.artist(request.artist)} className="hover:underline">
                {request.artist.name}
              </a>
            ) : (
              trans('{name} (new)', { name: request.artist_name })
            )}
          </dd>
          <dt className="font-medium text-muted">{trans('Role')}</dt>
          <dd>{trans(ARTIST_ROLE_LABELS[request.role])}</dd>
          <dt className="font-medium text-muted">{trans('Links')}</dt>
          <dd>
            {request.links.length ? (
              <ul className="flex flex-col gap-1">
                {request.links.map((url) => (
                  <li key={url} className="break-all">
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="text-primary hover:underline"
                    >
                      {url}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </dd>
          <dt className="font-medium text-muted">{trans('Message')}</dt>
          <dd className="whitespace-pre-line">{request.message ?? '—'}</dd>
          <dt className="font-medium text-muted">{trans('Proof')}</dt>
          <dd>
            {request.proof ? (
              <a
                href={operationPath(uploads.download.path, { id: request.proof.id })}
                download
                className="inline-flex items-center gap-1 text-primary hover:underline"
              >
                <Download aria-hidden className="size-4" />
                {request.proof.name}
              </a>
            ) : (
              '—'
            )}
          </dd>
          {request.deny_reason && (
            <>
              <dt className="font-medium text-muted">{trans('Deny reason')}</dt>
              <dd>{request.deny_reason}</dd>
            </>
          )}
        </dl>
        {pending && denying && (
          <TextField
            label={trans('Reason')}
            multiline
            rows={3}
            isRequired
            autoFocus
            value={reason}
            onChange={(v) => {
              setReason(v);
              setReasonError(null);
            }}
            description={trans('The requester sees this reason and gets it by email.')}
            errorMessage={reasonError ?? undefined}
          />
        )}
        {pending && (
          <div className="flex flex-wrap justify-end gap-2">
            {denying ? (
              <>
                <Button variant="text" onPress={() => setDenying(false)}>
                  {trans('Back')}
                </Button>
                <Button variant="danger" isPending={deny.isPending} onPress={submitDeny}>
                  {trans('Deny request')}
                </Button>
              </>
            ) : (
              <>
                <Button variant="outline" onPress={() => setDenying(true)}>
                  {trans('Deny…')}
                </Button>
                <Button
                  isPending={approve.isPending}
                  onPress={() =>
                    approve.mutate(request.id, {
                      onSuccess: () => {
                        toast.positive(trans('Request approved'));
                        onClose();
                      },
                      onError: (err) => toast.danger(firstErrorMessage(err)),
                    })
                  }
                >
                  {trans('Approve')}
                </Button>
              </>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
