import { type Invoice, msg, type SubscriptionView } from '@zema/contracts';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

const TONES = {
  positive: 'bg-positive',
  warning: 'bg-warning',
  danger: 'bg-danger',
  muted: 'bg-muted',
} as const;

/**
 * The plan's state in words (a catalogue source, for `trans`) and a coloured dot (the words carry
 * it; the colour only helps).
 */
export function statusOf(s: Pick<SubscriptionView, 'status' | 'valid' | 'cancel_at_period_end'>) {
  if (s.status === 'cancelled' || (s.cancel_at_period_end && s.valid))
    return { label: msg('Cancelled'), tone: 'warning' as const };
  switch (s.status) {
    case 'active':
      return { label: msg('Active'), tone: 'positive' as const };
    case 'trialing':
      return { label: msg('Trial'), tone: 'positive' as const };
    case 'past_due':
      return s.valid
        ? { label: msg('Past due (grace period)'), tone: 'warning' as const }
        : { label: msg('Past due'), tone: 'danger' as const };
    case 'incomplete':
      return { label: msg('Incomplete'), tone: 'muted' as const };
    default:
      return { label: msg('Expired'), tone: 'danger' as const };
  }
}

export function StatusBadge({ subscription }: { subscription: SubscriptionView }) {
  const { trans } = useTrans();
  const { label, tone } = statusOf(subscription);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-divider px-2.5 py-0.5 text-xs font-medium">
      <span aria-hidden className={cx('size-2 rounded-full', TONES[tone])} />
      {trans(label)}
    </span>
  );
}

/** An invoice's payment: paid, refunded in full, or refunded in part. */
export function InvoiceStatusBadge({ invoice }: { invoice: Pick<Invoice, 'total' | 'refunded'> }) {
  const { trans } = useTrans();
  const { label, tone } =
    invoice.refunded <= 0
      ? { label: msg('Paid'), tone: 'positive' as const }
      : invoice.refunded >= invoice.total
        ? { label: msg('Refunded'), tone: 'muted' as const }
        : { label: msg('Partly refunded'), tone: 'warning' as const };
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-divider px-2.5 py-0.5 text-xs font-medium">
      <span aria-hidden className={cx('size-2 rounded-full', TONES[tone])} />
      {trans(label)}
    </span>
  );
}
