import { useQueryClient } from '@tanstack/react-query';
import type { LandingArtistsResponse } from '@zema/contracts';
import { BadgeCheck, Play, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { artistQueryOptions } from '#src/features/catalogue';
import { playTracks } from '#src/features/player';
import { errorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { toast } from '#src/ui/toast';
import { useLandingArtists } from '../api/get-landing-artists';

/** SPEC §2/§9: up to 30 skeleton placeholders while loading, 8 artists shown. */
export const TRENDING_SKELETONS = 30;
export const TRENDING_SHOWN = 8;

type LandingArtist = LandingArtistsResponse['artists'][number];

/** SPEC §3 Artist: image_small, or else the first album's image. */
export function artistImage(artist: LandingArtist): string | null {
  return artist.image_small ?? artist.albums.find((a) => a.image)?.image ?? null;
}

const gridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 sm:gap-6';

/**
 * The landing page's trending artists (settings.landing.showTrendingArtists): each card opens the
 * artist page, and its play button starts the artist's popular tracks right there, so a visitor
 * can press play on the home page.
 */
export function TrendingArtists() {
  const { trans } = useTrans();
  const query = useLandingArtists(true);
  const artists = query.data?.slice(0, TRENDING_SHOWN) ?? [];
  // Nothing trending (new install, no plays yet) or a failed call: the section is left out.
  if (query.isError || (query.isSuccess && artists.length === 0)) return null;

  return (
    <section aria-labelledby="trending-title" className="mx-auto max-w-6xl px-4 pt-4 pb-20 sm:px-6 md:pb-28">
      <h2 id="trending-title" className="text-balance text-3xl font-bold tracking-tight md:text-4xl">
        {trans('Trending artists')}
      </h2>
      <p className="mt-3 text-base text-muted">{trans('The most played artists this week.')}</p>
      {query.isPending ? (
        <ul role="status" aria-label={trans('Loading trending artists')} className={cx(gridClass, 'mt-8')}>
          {Array.from({ length: TRENDING_SKELETONS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className="flex flex-col items-center gap-3">
              <span className="aspect-square w-full animate-pulse rounded-full bg-bg-alt" />
              <span className="h-4 w-2/3 animate-pulse rounded bg-bg-alt" />
            </li>
          ))}
        </ul>
      ) : (
        <ul className={cx(gridClass, 'mt-8')}>
          {artists.map((artist) => (
            <li key={artist.id}>
              <TrendingArtistCard artist={artist} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TrendingArtistCard({ artist }: { artist: LandingArtist }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const image = artistImage(artist);
  const href = paths.artist(artist);

  const play = async () => {
    setLoading(true);
    try {
      const page = await queryClient.fetchQuery(artistQueryOptions(artist.id));
      const playable = page.popular_tracks.filter((t) => t.stream_url);
      if (!playable.length) toast.danger(trans('Nothing to play by {name} yet.', { name: artist.name }));
      else playTracks(playable, 0);
    } catch (err) {
      toast.danger(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="group relative flex flex-col items-center gap-3 text-center">
      <div className="relative w-full">
        {/* Not a link itself: the name's link stretches over the whole card (one tab stop). */}
        <div className="aspect-square w-full overflow-hidden rounded-full bg-bg-alt">
          {image ? (
            <img
              src={image}
              alt=""
              loading="lazy"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-muted">
              <UserRound aria-hidden="true" className="size-1/3" />
            </span>
          )}
        </div>
        <Button
          aria-label={trans('Play {name}', { name: artist.name })}
          onPress={() => void play()}
          isPending={loading}
          shape="circle"
          className="absolute right-[6%] bottom-[6%] z-10 size-12 shadow-lg md:opacity-0 md:group-hover:opacity-100 md:data-focus-visible:opacity-100 md:data-pending:opacity-100"
        >
          <Play aria-hidden="true" className="size-5" fill="currentColor" />
        </Button>
      </div>
      <Link
        href={href}
        className={cx(
          'inline-flex max-w-full items-center gap-1 font-semibold text-fg after:absolute after:inset-0 hover:underline',
        )}
      >
        <span className="truncate">{artist.name}</span>
        {artist.verified && (
          <BadgeCheck aria-label={trans('Verified')} role="img" className="size-4 shrink-0 text-primary" />
        )}
      </Link>
    </div>
  );
}
