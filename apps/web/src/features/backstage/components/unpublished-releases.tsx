import { Link } from 'react-router';
import { useFormat } from '#src/lib/format';
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
  const rows = [...(drafts.data?.data ?? []), ...(scheduled.data?.data ?? [])].filter(
    (r) => !hide.includes(r.id),
  );
  if (!rows.length) return null;
  return (
    <BackstageCard title="Unpublished releases">
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
              {r.artist.name} · {r.tracks_count} {r.tracks_count === 1 ? 'track' : 'tracks'} ·{' '}
              {r.status === 'scheduled' && r.publish_at
                ? `scheduled for ${format.dateTime(r.publish_at, { dateStyle: 'numeric', timeStyle: 'medium' })}`
                : 'draft'}
            </span>
          </li>
        ))}
      </ul>
    </BackstageCard>
  );
}
