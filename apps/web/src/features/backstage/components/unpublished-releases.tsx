import { Link } from 'react-router';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useReleases } from '../api/get-releases';
import { BackstageCard } from './backstage-frame';

/**
 * Drafts and scheduled releases from earlier visits, to finish or publish: on the upload page and
 * on the backstage's first page, so a draft is never lost from sight.
 */
export function UnpublishedReleases({ hide = [] }: { hide?: number[] }) {
  const drafts = useReleases(1, 'draft');
  const scheduled = useReleases(1, 'scheduled');
  const format = useFormat();
  const { trans } = useTrans();
  const rows = [...(drafts.data?.data ?? []), ...(scheduled.data?.data ?? [])].filter(
    (r) => !hide.includes(r.id),
  );
  if (!rows.length) return null;
  return (
    <BackstageCard title={trans('Unpublished releases')}>
      <ul className="flex flex-col divide-y divide-divider">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link
              to={paths.backstageRelease(r)}
              className="font-medium text-fg outline-none hover:underline focus-visible:ring-2 focus-visible:ring-primary"
            >
              {r.name}
            </Link>
            <span className="text-sm text-muted">
              {[
                r.artist.name,
                trans('{count, plural, one {# track} other {# tracks}}', { count: r.tracks_count }),
                r.status === 'scheduled' && r.publish_at
                  ? trans('scheduled for {date}', {
                      date: format.dateTime(r.publish_at, { dateStyle: 'numeric', timeStyle: 'medium' }),
                    })
                  : trans('draft'),
              ].join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    </BackstageCard>
  );
}
