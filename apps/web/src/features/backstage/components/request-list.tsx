import {
  ARTIST_ROLE_LABELS,
  BACKSTAGE_REQUEST_TYPE_LABELS,
  type BackstageRequest,
  type BackstageRequestStatus,
} from '@zema/contracts';
import { useFormat } from '#src/lib/format';
import { cx } from '#src/ui/cx';

const STATUS_LABELS: Record<BackstageRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};

const STATUS_DOTS: Record<BackstageRequestStatus, string> = {
  pending: 'bg-warning',
  approved: 'bg-positive',
  denied: 'bg-danger',
};

/** The status as a word in the body colour beside a coloured dot: the word carries the contrast. */
export function RequestStatusBadge({ status }: { status: BackstageRequestStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-divider px-2 py-0.5 text-xs font-medium text-fg">
      <span aria-hidden className={cx('size-2 rounded-full', STATUS_DOTS[status])} />
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The requester's own requests: what they asked, when, and the answer (with a denial's reason). */
export function RequestList({ requests }: { requests: BackstageRequest[] }) {
  const format = useFormat();
  return (
    <ul aria-label="Your requests" className="flex flex-col divide-y divide-divider">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{r.artist?.name ?? r.artist_name}</span>
            <RequestStatusBadge status={r.status} />
          </div>
          <p className="text-sm text-muted">
            {BACKSTAGE_REQUEST_TYPE_LABELS[r.type]} · {ARTIST_ROLE_LABELS[r.role]} · sent{' '}
            {format.date(r.created_at)}
            {r.reviewed_at ? ` · reviewed ${format.date(r.reviewed_at)}` : ''}
          </p>
          {r.status === 'denied' && r.deny_reason && (
            <p className="text-sm">
              <span className="font-medium">Reason: </span>
              {r.deny_reason}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
