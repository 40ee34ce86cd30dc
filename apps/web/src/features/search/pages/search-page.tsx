import {
  type Album,
  type ArtistRef,
  msg,
  type Playlist,
  type SearchResponse,
  type SearchType,
  type Track,
  type UserRef,
} from '@zema/contracts';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Input, Link, SearchField, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import {
  CardGridSkeleton,
  cardGridClass,
  EmptyState,
  ErrorState,
  LoadMore,
  TrackRowsSkeleton,
} from '#src/components/states';
import { AlbumCard, ArtistCard, PlaylistCard, UserCard } from '#src/features/catalogue';
import { playTracks, TrackList } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths, SEARCH_TABS, type SearchTab } from '#src/lib/paths';
import { cx, fieldFocusRing, insetFocusRing } from '#src/ui/cx';
import { NotFoundPage } from '#src/ui/not-found-page';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useSearch } from '../api/search';
import { useSearchTab } from '../api/search-tab';
import { TAB_TYPE } from '../lib/search-tabs';

/** Items per section on the "All" tab. */
export const SEARCH_ALL_PER_TYPE = 6;

const TAB_LABELS: Record<SearchTab, string> = {
  all: msg('All'),
  artists: msg('Artists'),
  albums: msg('Albums'),
  tracks: msg('Tracks'),
  playlists: msg('Playlists'),
  users: msg('Users'),
};

/**
 * /search, /search/{query} and /search/{query}/{tab}: results of one query in tabs (all, artists,
 * albums, tracks, playlists, users); each type tab pages through its results.
 */
export default function SearchPage() {
  const params = useParams();
  const { trans } = useTrans();
  const query = (params.query ?? '').trim();
  const tab = (params.tab ?? 'all') as SearchTab;
  const title = query ? trans('Search results for "{query}"', { query }) : trans('Search');
  usePageTitle(title);
  if (!(SEARCH_TABS as readonly string[]).includes(tab))
    return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="sr-only">{title}</h1>
      <PageSearchField query={query} tab={tab} />
      {query ? (
        <Tabs selectedKey={tab}>
          <TabList aria-label={trans('Result types')} className="mb-5 flex gap-2 overflow-x-auto pb-1">
            {SEARCH_TABS.map((id) => (
              <Tab
                key={id}
                id={id}
                href={paths.search(query, id)}
                className={cx(
                  'cursor-pointer whitespace-nowrap rounded-full border border-divider px-4 py-1.5 text-sm font-medium text-fg no-underline data-hovered:bg-hover data-selected:border-fg data-selected:bg-fg data-selected:text-bg',
                  insetFocusRing,
                )}
              >
                {trans(TAB_LABELS[id])}
              </Tab>
            ))}
          </TabList>
          <TabPanel id={tab} className="outline-none">
            {tab === 'all' ? (
              <AllResults query={query} />
            ) : (
              <TypeResults query={query} type={TAB_TYPE[tab]} />
            )}
          </TabPanel>
        </Tabs>
      ) : (
        <EmptyState
          title={trans('Search Zema')}
          description={trans('Find artists, albums, tracks, playlists and people.')}
        />
      )}
    </div>
  );
}

/** The page's own search box (the navbar's may be hidden on phones); typing updates the URL. */
function PageSearchField({ query, tab }: { query: string; tab: SearchTab }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [value, setValue] = useState(query);
  const debounced = useDebouncedValue(value.trim(), 400);
  useEffect(() => setValue(query), [query]);
  useEffect(() => {
    if (debounced && debounced !== query) navigate(paths.search(debounced, tab), { replace: true });
  }, [debounced, query, tab, navigate]);
  return (
    <SearchField
      aria-label={trans('Search')}
      value={value}
      onChange={setValue}
      onSubmit={(v) => v.trim() && navigate(paths.search(v, tab))}
      className="relative mb-5 flex max-w-xl items-center"
    >
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 size-4 text-muted" />
      <Input
        placeholder={trans('What do you want to listen to?')}
        className={cx(
          'h-11 w-full rounded-full border border-divider bg-bg-alt pr-4 pl-9 text-sm text-fg outline-none placeholder:text-muted data-focused:border-primary [&::-webkit-search-cancel-button]:hidden',
          fieldFocusRing,
        )}
      />
    </SearchField>
  );
}

function Section({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  const { trans } = useTrans();
  const id = `search-section-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="pb-8">
      <div className="flex items-baseline justify-between pb-2">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        <Link href={href} className="text-sm font-semibold text-muted hover:text-fg hover:underline">
          {trans('See all')}
          <span className="sr-only"> {title}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function AllResults({ query }: { query: string }) {
  const { trans } = useTrans();
  const search = useSearch({ query, perPage: SEARCH_ALL_PER_TYPE });
  if (search.isPending) {
    return (
      <div className="flex flex-col gap-8">
        <CardGridSkeleton count={6} round label={trans('Loading artists')} />
        <TrackRowsSkeleton rows={5} label={trans('Loading tracks')} />
      </div>
    );
  }
  if (search.isError) return <ErrorState onRetry={() => void search.refetch()} />;
  const r: SearchResponse['results'] = search.data.results;
  const empty = !Object.values(r).some((s) => s && s.data.length > 0);
  if (empty) return <NoResults query={query} />;
  return (
    <div aria-busy={search.isPlaceholderData || undefined}>
      {!!r.artist?.data.length && (
        <Section title={trans('Artists')} href={paths.search(query, 'artists')}>
          <ArtistGrid items={r.artist.data} />
        </Section>
      )}
      {!!r.track?.data.length && (
        <Section title={trans('Tracks')} href={paths.search(query, 'tracks')}>
          <Tracks tracks={r.track.data} />
        </Section>
      )}
      {!!r.album?.data.length && (
        <Section title={trans('Albums')} href={paths.search(query, 'albums')}>
          <AlbumGrid items={r.album.data} />
        </Section>
      )}
      {!!r.playlist?.data.length && (
        <Section title={trans('Playlists')} href={paths.search(query, 'playlists')}>
          <PlaylistGrid items={r.playlist.data} />
        </Section>
      )}
      {!!r.user?.data.length && (
        <Section title={trans('Users')} href={paths.search(query, 'users')}>
          <UserGrid items={r.user.data} />
        </Section>
      )}
    </div>
  );
}

function NoResults({ query }: { query: string }) {
  const { trans } = useTrans();
  return (
    <EmptyState
      title={trans('No results found for "{query}"', { query })}
      description={trans('Check the spelling, or try fewer or different words.')}
    />
  );
}

function TypeResults({ query, type }: { query: string; type: SearchType }) {
  const search = useSearchTab(query, type);
  const items = useMemo(
    () => search.data?.pages.flatMap((p) => (p.results[type]?.data ?? []) as unknown[]) ?? [],
    [search.data, type],
  );
  if (search.isPending) {
    return type === 'track' ? (
      <TrackRowsSkeleton />
    ) : (
      <CardGridSkeleton round={type === 'artist' || type === 'user'} />
    );
  }
  if (search.isError) return <ErrorState onRetry={() => void search.refetch()} />;
  if (!items.length) return <NoResults query={query} />;
  return (
    <>
      {type === 'artist' && <ArtistGrid items={items as ArtistRef[]} />}
      {type === 'album' && <AlbumGrid items={items as Album[]} />}
      {type === 'track' && <Tracks tracks={items as Track[]} />}
      {type === 'playlist' && <PlaylistGrid items={items as Playlist[]} />}
      {type === 'user' && <UserGrid items={items as UserRef[]} />}
      <LoadMore
        hasMore={search.hasNextPage}
        isLoading={search.isFetchingNextPage}
        onLoadMore={() => void search.fetchNextPage()}
      />
    </>
  );
}

function Tracks({ tracks }: { tracks: Track[] }) {
  const { trans } = useTrans();
  const items = useMemo(() => tracks.map((track) => ({ key: String(track.id), track })), [tracks]);
  return (
    <TrackList aria-label={trans('Tracks')} items={items} onPlay={(index) => playTracks(tracks, index)} />
  );
}

function Grid<T extends { id: number }>({
  items,
  label,
  render,
}: {
  items: T[];
  label: string;
  render: (item: T) => ReactNode;
}) {
  return (
    <ul className={cardGridClass} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{render(item)}</li>
      ))}
    </ul>
  );
}

const ArtistGrid = ({ items }: { items: ArtistRef[] }) => {
  const { trans } = useTrans();
  return <Grid items={items} label={trans('Artists')} render={(a) => <ArtistCard artist={a} />} />;
};
const AlbumGrid = ({ items }: { items: Album[] }) => {
  const { trans } = useTrans();
  return <Grid items={items} label={trans('Albums')} render={(a) => <AlbumCard album={a} />} />;
};
const PlaylistGrid = ({ items }: { items: Playlist[] }) => {
  const { trans } = useTrans();
  return <Grid items={items} label={trans('Playlists')} render={(p) => <PlaylistCard playlist={p} />} />;
};
const UserGrid = ({ items }: { items: UserRef[] }) => {
  const { trans } = useTrans();
  return <Grid items={items} label={trans('Users')} render={(u) => <UserCard user={u} />} />;
};
