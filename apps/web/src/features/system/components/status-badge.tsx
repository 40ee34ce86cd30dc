import { cx } from '#src/ui/cx';

const TONES = {
  danger: 'bg-danger',
  warning: 'bg-warning',
  positive: 'bg-positive',
  muted: 'bg-muted',
} as const;

/**
 * A status in a table cell: a coloured dot beside text in the body colour, so the word carries
 * the meaning (and the contrast) and the colour only helps scanning.
 */
export function StatusBadge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-divider px-2 py-0.5 text-xs font-medium text-fg">
      <span aria-hidden className={cx('size-2 rounded-full', TONES[tone])} />
      {children}
    </span>
  );
}
