import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { msg } from '@zema/contracts';
import { Heart, History, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { CardGridSkeleton, cardGridClass, EmptyState, ErrorState, LoadMore } from '#src/components/states';
import { AlbumCard, ArtistCard, PlaylistCard, UserCard } from '#src/features/catalogue';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { cx, insetFocusRing } from '#src/ui/cx';
import { useFollowedArtists } from '../api/get-followed-artists';
import { useFollowedUsers } from '../api/get-followed-users';
import { useLikedAlbums } from '../api/get-liked-albums';
import { useLikedArtists } from '../api/get-liked-artists';
import { useMyPlaylists } from '../api/use-playlists';
import { CreatePlaylistDialog } from '../components/create-playlist-dialog';

export const LIBRARY_TABS = ['playlists', 'albums', 'artists', 'following'] as const;
type LibraryTab = (typeof LIBRARY_TABS)[number];

/** /library: the user's playlists, saved albums, liked and followed artists, and people followed. */
export default function LibraryPage() {
  const { trans } = useTrans();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: LibraryTab = (LIBRARY_TABS as readonly string[]).includes(raw ?? '')
    ? (raw as LibraryTab)
    : 'playlists';
  const [creating, setCreating] = useState(false);
  const title = trans('Your library');
  usePageTitle(title);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
        <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
        <div className="flex flex-wrap gap-2">
          <LinkButton
            href={paths.likedSongs()}
            variant="outline"
            startIcon={<Heart aria-hidden="true" className="size-4" />}
          >
            {trans('Liked songs')}
          </LinkButton>
          <LinkButton
            href={paths.history()}
            variant="outline"
            startIcon={<History aria-hidden="true" className="size-4" />}
          >
            {trans('History')}
          </LinkButton>
          <Button
            startIcon={<Plus aria-hidden="true" className="size-4" />}
            onPress={() => setCreating(true)}
          >
            {trans('New playlist')}
          </Button>
        </div>
      </div>
      <Tabs selectedKey={tab} onSelectionChange={(key) => setParams({ tab: String(key) }, { replace: true })}>
        <TabList aria-label={title} className="mb-4 flex gap-1 overflow-x-auto border-b border-divider">
          {LIBRARY_TABS.map((id) => (
            <Tab
              key={id}
              id={id}
              className={cx(
                '-mb-px cursor-pointer whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted data-hovered:text-fg data-selected:border-primary data-selected:text-fg',
                insetFocusRing,
              )}
            >
              {trans(TAB_LABELS[id])}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="playlists" className="outline-none">
          <PlaylistsTab onCreate={() => setCreating(true)} />
        </TabPanel>
        <TabPanel id="albums" className="outline-none">
          <AlbumsTab />
        </TabPanel>
        <TabPanel id="artists" className="outline-none">
          <ArtistsTab />
        </TabPanel>
        <TabPanel id="following" className="outline-none">
          <FollowingTab />
        </TabPanel>
      </Tabs>
      <CreatePlaylistDialog isOpen={creating} onOpenChange={setCreating} />
    </div>
  );
}

const TAB_LABELS: Record<LibraryTab, string> = {
  playlists: msg('Playlists'),
  albums: msg('Albums'),
  artists: msg('Artists'),
  following: msg('Following'),
};

function PlaylistsTab({ onCreate }: { onCreate: () => void }) {
  const { trans } = useTrans();
  const query = useMyPlaylists();
  if (query.isPending) return <CardGridSkeleton />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!query.data.length) {
    return (
      <EmptyState
        title={trans('Create your first playlist')}
        description={trans('It is easy, we will help you.')}
        action={<Button onPress={onCreate}>{trans('New playlist')}</Button>}
      />
    );
  }
  return (
    <ul className={cardGridClass} aria-label={trans('Playlists')}>
      {query.data.map((p) => (
        <li key={p.id}>
          <PlaylistCard playlist={p} />
        </li>
      ))}
    </ul>
  );
}

type Paged<T> = UseInfiniteQueryResult<InfiniteData<{ data: T[] }, unknown>, Error>;

/** A grid of cards from an infinite list, with skeletons, empty and error states. */
function PagedGrid<T extends { id: number }>({
  query,
  label,
  round,
  empty,
  render,
}: {
  query: Paged<T>;
  label: string;
  round?: boolean;
  empty: { title: string; description?: string };
  render: (item: T) => ReactNode;
}) {
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  if (query.isPending) return <CardGridSkeleton round={round} />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!items.length) return <EmptyState {...empty} />;
  return (
    <>
      <ul className={cardGridClass} aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}

function AlbumsTab() {
  const { trans } = useTrans();
  return (
    <PagedGrid
      query={useLikedAlbums()}
      label={trans('Albums')}
      empty={{
        title: trans('Albums you save will appear here'),
        description: trans('Tap the heart on an album to save it.'),
      }}
      render={(album) => <AlbumCard album={album} />}
    />
  );
}

function ArtistsTab() {
  const { trans } = useTrans();
  const liked = useLikedArtists();
  const followed = useFollowedArtists();
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="followed-artists">
        <h2 id="followed-artists" className="pb-2 text-lg font-bold">
          {trans('Followed artists')}
        </h2>
        <PagedGrid
          query={followed}
          label={trans('Followed artists')}
          round
          empty={{ title: trans('Artists you follow will appear here') }}
          render={(artist) => <ArtistCard artist={artist} />}
        />
      </section>
      <section aria-labelledby="liked-artists">
        <h2 id="liked-artists" className="pb-2 text-lg font-bold">
          {trans('Liked artists')}
        </h2>
        <PagedGrid
          query={liked}
          label={trans('Liked artists')}
          round
          empty={{ title: trans('Artists you like will appear here') }}
          render={(artist) => <ArtistCard artist={artist} />}
        />
      </section>
    </div>
  );
}

function FollowingTab() {
  const { trans } = useTrans();
  return (
    <PagedGrid
      query={useFollowedUsers()}
      label={trans('People you follow')}
      round
      empty={{ title: trans('People you follow will appear here') }}
      render={(user) => <UserCard user={user} />}
    />
  );
}
