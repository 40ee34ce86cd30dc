import {
  ARTIST_ROLE_LABELS,
  BACKSTAGE_REQUEST_TYPE_LABELS,
  type BackstageRequest,
  type BackstageRequestStatus,
  msg,
} from '@zema/contracts';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

export const REQUEST_STATUS_LABELS: Record<BackstageRequestStatus, string> = {
  pending: msg('Pending'),
  approved: msg('Approved'),
  denied: msg('Denied'),
};

const STATUS_DOTS: Record<BackstageRequestStatus, string> = {
  pending: 'bg-warning',
  approved: 'bg-positive',
  denied: 'bg-danger',
};

/** The status as a word in the body colour beside a coloured dot: the word carries the contrast. */
export function RequestStatusBadge({ status }: { status: BackstageRequestStatus }) {
  const { trans } = useTrans();
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-divider px-2 py-0.5 text-xs font-medium text-fg">
      <span aria-hidden className={cx('size-2 rounded-full', STATUS_DOTS[status])} />
      {trans(REQUEST_STATUS_LABELS[status])}
    </span>
  );
}

/** The requester's own requests: what they asked, when, and the answer (with a denial's reason). */
export function RequestList({ requests }: { requests: BackstageRequest[] }) {
  const format = useFormat();
  const { trans } = useTrans();
  return (
    <ul aria-label={trans('Your requests')} className="flex flex-col divide-y divide-divider">
      {requests.map((r) => (
        <li key={r.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{r.artist?.name ?? r.artist_name}</span>
            <RequestStatusBadge status={r.status} />
          </div>
          <p className="text-sm text-muted">
            {[
              trans(BACKSTAGE_REQUEST_TYPE_LABELS[r.type]),
              trans(ARTIST_ROLE_LABELS[r.role]),
              trans('sent {date}', { date: format.date(r.created_at) }),
              r.reviewed_at ? trans('reviewed {date}', { date: format.date(r.reviewed_at) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {r.status === 'denied' && r.deny_reason && (
            <p className="text-sm">
              <span className="font-medium">{trans('Reason:')}</span> {r.deny_reason}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
