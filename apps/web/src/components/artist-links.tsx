import type { ArtistRef } from '@zema/contracts';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { paths } from '#src/lib/paths';
import { cx } from '#src/ui/cx';

/**
 * "Artist A, Artist B", each linking to their page. The links' vertical padding (inline, so it
 * changes no layout) makes each at least 24 px high: a touch target per WCAG 2.5.8, even in 12 px text.
 */
export function ArtistLinks({ artists, className }: { artists: readonly ArtistRef[]; className?: string }) {
  return (
    <span className={cx('truncate', className)}>
      {artists.map((a, i) => (
        <Fragment key={a.id}>
          {i > 0 && ', '}
          <Link to={paths.artist(a)} className="py-[4.5px] hover:text-fg hover:underline">
            {a.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}
