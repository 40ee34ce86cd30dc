import type { Album } from '@zema/contracts';
import { ExternalLink } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useParams } from 'react-router';
import { AdSlot } from '#src/components/ad-slot';
import { CollectionHeader } from '#src/components/collection-header';
import { PlayButton } from '#src/components/play-button';
import { HeaderSkeleton, PageError } from '#src/components/states';
import { FollowButton, LikeButton } from '#src/features/library';
import { playTracks, TrackList } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { useStoredText } from '#src/lib/stored-text';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { useArtist } from '../api/get-artist';
import { AlbumCard, ArtistCard, CardList, CardSkeletons } from '../components/media-cards';

const POPULAR_SHOWN = 5;
const POPULAR_MAX = 10;

function AlbumSection({ id, title, albums }: { id: string; title: string; albums: Album[] }) {
  if (!albums.length) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <CardList layout="grid" label={title}>
        {albums.map((a) => (
          <li key={a.id}>
            <AlbumCard album={a} />
          </li>
        ))}
      </CardList>
    </section>
  );
}

/** The artist page (SPEC §2 `/pastor/{artistId}/{slug}`), a page of the player area. */
export default function ArtistPage() {
  const { trans } = useTrans();
  const stored = useStoredText();
  const id = Number(useParams().artistId);
  const query = useArtist(id);
  const [allPopular, setAllPopular] = useState(false);
  // The page's rows, cards and similar artists are one heavy render: deferred, React slices it and
  // the page stays responsive while the header skeleton shows.
  const data = useDeferredValue(query.data);
  usePageTitle(data?.artist.name);

  if (query.isError || !Number.isFinite(id)) {
    return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  }
  const artist = data?.artist;
  const image = artist ? (artist.image_large ?? artist.image_small ?? data?.albums[0]?.image ?? null) : null;
  const popular = data?.popular_tracks.slice(0, allPopular ? POPULAR_MAX : POPULAR_SHOWN) ?? [];
  const albums = data?.albums.filter((a) => a.type === 'album' || a.type === 'compilation') ?? [];
  const singles = data?.albums.filter((a) => a.type === 'single' || a.type === 'ep') ?? [];

  return (
    <div className="flex flex-col gap-10">
      <AdSlot slot="artist_top" />
      {!artist || !data ? (
        <HeaderSkeleton round />
      ) : (
        <CollectionHeader
          image={image}
          round
          kind={trans('Artist')}
          verified={artist.verified}
          title={artist.name}
          details={
            <span>
              {trans('{count, plural, one {# play} other {# plays}}', { count: artist.plays })}
              {artist.followers_count !== undefined &&
                ` · ${trans('{count, plural, one {# follower} other {# followers}}', { count: artist.followers_count })}`}
            </span>
          }
          actions={
            <>
              <PlayButton
                name={artist.name}
                isDisabled={!data.popular_tracks.some((t) => t.stream_url)}
                onPress={() => playTracks(data.popular_tracks, 0)}
              />
              <FollowButton type="artist" id={artist.id} name={artist.name} />
              <LikeButton type="artist" id={artist.id} name={artist.name} size="lg" />
            </>
          }
        />
      )}

      <section aria-labelledby="artist-popular" className="flex flex-col gap-3">
        <h2 id="artist-popular" className="text-xl font-bold">
          {trans('Popular')}
        </h2>
        <TrackList tracks={popular} aria-label={trans('Popular tracks')} isLoading={!data} skeletonRows={5} />
        {data && data.popular_tracks.length > POPULAR_SHOWN && (
          <Button variant="text" size="sm" className="self-start" onPress={() => setAllPopular((v) => !v)}>
            {allPopular ? trans('Show less') : trans('Show more')}
          </Button>
        )}
      </section>

      {!data ? (
        <CardSkeletons />
      ) : (
        <>
          <AlbumSection id="artist-albums" title={trans('Albums')} albums={albums} />
          <AlbumSection id="artist-singles" title={trans('Singles and EPs')} albums={singles} />
        </>
      )}

      {data && data.similar.length > 0 && (
        <section aria-labelledby="artist-similar" className="flex flex-col gap-3">
          <h2 id="artist-similar" className="text-xl font-bold">
            {trans('Fans also like')}
          </h2>
          <CardList layout="carousel" label={trans('Fans also like')}>
            {data.similar.map((a) => (
              <li key={a.id}>
                <ArtistCard artist={a} />
              </li>
            ))}
          </CardList>
        </section>
      )}

      {artist && (artist.bio || artist.links.length > 0 || artist.genres.length > 0) && (
        <section aria-labelledby="artist-about" className="flex max-w-3xl flex-col gap-3">
          <h2 id="artist-about" className="text-xl font-bold">
            {trans('About')}
          </h2>
          {artist.bio && <p className="text-sm leading-relaxed whitespace-pre-line">{artist.bio}</p>}
          {artist.genres.length > 0 && (
            <p className="text-sm text-muted">
              {artist.genres.map((g) => stored(g.display_name)).join(' · ')}
            </p>
          )}
          {artist.links.length > 0 && (
            <ul className="flex flex-wrap gap-3">
              {artist.links.map((l) => (
                <li key={l.url}>
                  <a
                    href={l.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={cx('inline-flex items-center gap-1 text-sm text-primary hover:underline')}
                  >
                    {l.label || new URL(l.url).hostname}
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <AdSlot slot="artist_bottom" />
    </div>
  );
}
