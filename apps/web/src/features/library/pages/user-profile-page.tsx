import { useQueryClient } from '@tanstack/react-query';
import { msg } from '@zema/contracts';
import { UserRound } from 'lucide-react';
import { useMemo } from 'react';
import { Switch, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useParams, useSearchParams } from 'react-router';
import { PlayButton } from '#src/components/play-button';
import {
  CardGridSkeleton,
  cardGridClass,
  EmptyState,
  ErrorState,
  PagedList,
  TrackRowsSkeleton,
} from '#src/components/states';
import { PlaylistCard, UserCard } from '#src/features/catalogue';
import { playTracks, TrackList } from '#src/features/player';
import { ApiError } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { cx, insetFocusRing } from '#src/ui/cx';
import { NotFoundPage } from '#src/ui/not-found-page';
import { useUserProfile } from '../api/get-user-profile';
import { useProfileFollows, useProfileLikes, useProfilePlaylists } from '../api/profile-lists';
import { useUpdateProfile } from '../api/update-profile';
import { FollowButton } from '../components/follow-button';

const TABS = ['playlists', 'likes', 'followers', 'following'] as const;
type ProfileTab = (typeof TABS)[number];

/**
 * A listener's public page: avatar, name, follow button and counts; their public playlists, their
 * liked songs when they made them public, and who follows whom. The owner sees a switch to make
 * their likes public. SPEC §2 `/user/{id}/{slug}`, a page of the player area.
 */
export default function UserProfilePage() {
  const { id } = useParams();
  const userId = Number(id);
  const { trans } = useTrans();
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const profile = useUserProfile(userId);
  const raw = params.get('tab');
  const tab: ProfileTab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as ProfileTab) : 'playlists';

  usePageTitle(profile.data?.display_name);

  if (!Number.isFinite(userId)) return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
    }
    return <ErrorState onRetry={() => void profile.refetch()} />;
  }
  const u = profile.data;
  const isMe = me?.id === userId;
  const likesVisible = !!u && (u.likes_public || isMe);
  const tabs = TABS.filter((t) => t !== 'likes' || likesVisible);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      {u ? (
        <header className="flex flex-col items-center gap-5 pb-6 sm:flex-row sm:items-end">
          <div className="flex size-40 shrink-0 items-center justify-center overflow-hidden rounded-full bg-bg-alt text-muted shadow-lg sm:size-48">
            {u.avatar ? (
              <img src={u.avatar} alt="" aria-hidden="true" className="size-full object-cover" />
            ) : (
              <UserRound aria-hidden="true" className="size-16" />
            )}
          </div>
          <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:items-start sm:text-left">
            <p className="text-xs font-semibold uppercase tracking-wider text-muted">{trans('Profile')}</p>
            <h1 className="max-w-full break-words text-3xl font-extrabold tracking-tight sm:text-5xl">
              {u.display_name}
            </h1>
            {u.bio && <p className="max-w-2xl text-sm text-muted">{u.bio}</p>}
            <p className="flex flex-wrap justify-center gap-x-3 text-sm text-muted sm:justify-start">
              <span>
                {trans('{count, plural, one {# public playlist} other {# public playlists}}', {
                  count: u.playlists_count,
                })}
              </span>
              <span aria-hidden="true">•</span>
              <span>
                {trans('{count, plural, one {# follower} other {# followers}}', { count: u.followers_count })}
              </span>
              <span aria-hidden="true">•</span>
              <span>
                {trans('{count, plural, one {# following} other {# following}}', {
                  count: u.following_count,
                })}
              </span>
            </p>
            <div className="flex flex-wrap items-center gap-3 pt-1">
              {!isMe && <FollowButton type="user" id={u.id} name={u.display_name} />}
              {isMe && <LikesPublicSwitch value={u.likes_public} />}
            </div>
          </div>
        </header>
      ) : (
        <div role="status" aria-label={trans('Loading')} className="flex items-end gap-5 pb-6">
          <span className="size-40 animate-pulse rounded-full bg-bg-alt sm:size-48" />
          <span className="flex flex-1 flex-col gap-3">
            <span className="h-3 w-20 animate-pulse rounded bg-bg-alt" />
            <span className="h-10 w-1/2 animate-pulse rounded bg-bg-alt" />
          </span>
        </div>
      )}
      {u && (
        <Tabs
          selectedKey={tabs.includes(tab) ? tab : 'playlists'}
          onSelectionChange={(key) => setParams({ tab: String(key) }, { replace: true })}
        >
          <TabList
            aria-label={trans('Profile sections')}
            className="mb-4 flex gap-1 overflow-x-auto border-b border-divider"
          >
            {tabs.map((t) => (
              <Tab
                key={t}
                id={t}
                className={cx(
                  '-mb-px cursor-pointer whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted data-hovered:text-fg data-selected:border-primary data-selected:text-fg',
                  insetFocusRing,
                )}
              >
                {trans(TAB_LABELS[t])}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="playlists" className="outline-none">
            <PlaylistsPanel userId={u.id} name={u.display_name} />
          </TabPanel>
          {likesVisible && (
            <TabPanel id="likes" className="outline-none">
              <LikesPanel userId={u.id} name={u.display_name} />
            </TabPanel>
          )}
          <TabPanel id="followers" className="outline-none">
            <FollowsPanel userId={u.id} direction="followers" />
          </TabPanel>
          <TabPanel id="following" className="outline-none">
            <FollowsPanel userId={u.id} direction="following" />
          </TabPanel>
        </Tabs>
      )}
    </div>
  );
}

const TAB_LABELS: Record<ProfileTab, string> = {
  playlists: msg('Playlists'),
  likes: msg('Liked songs'),
  followers: msg('Followers'),
  following: msg('Following'),
};

/** The owner's switch: anyone may see my liked songs (PUT me/profile {likes_public}). */
function LikesPublicSwitch({ value }: { value: boolean }) {
  const { trans } = useTrans();
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  return (
    <Switch
      isSelected={
        update.isPending && update.variables?.likes_public !== undefined
          ? update.variables.likes_public
          : value
      }
      isDisabled={update.isPending}
      onChange={(likes_public) =>
        update.mutate(
          { likes_public },
          { onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['profile'] }) },
        )
      }
      className="group flex cursor-pointer items-center gap-2 text-sm text-fg data-disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className="flex h-6 w-10 shrink-0 items-center rounded-full bg-muted/40 p-0.5 transition-colors group-data-selected:bg-primary"
      >
        <span className="size-5 rounded-full bg-white shadow transition-transform group-data-selected:translate-x-4" />
      </span>
      {trans('Show my liked songs on my profile')}
    </Switch>
  );
}

function PlaylistsPanel({ userId, name }: { userId: number; name: string }) {
  const { trans } = useTrans();
  const query = useProfilePlaylists(userId);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  return (
    <PagedList
      query={query}
      isEmpty={!items.length}
      skeleton={<CardGridSkeleton />}
      empty={<EmptyState title={trans('{name} has no public playlists yet', { name })} />}
    >
      <ul className={cardGridClass} aria-label={trans('Playlists')}>
        {items.map((p) => (
          <li key={p.id}>
            <PlaylistCard playlist={p} />
          </li>
        ))}
      </ul>
    </PagedList>
  );
}

function LikesPanel({ userId, name }: { userId: number; name: string }) {
  const { trans } = useTrans();
  const query = useProfileLikes(userId, true);
  const tracks = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const items = useMemo(() => tracks.map((track) => ({ key: String(track.id), track })), [tracks]);
  const label = trans('Liked songs of {name}', { name });
  return (
    <PagedList
      query={query}
      isEmpty={!tracks.length}
      skeleton={<TrackRowsSkeleton />}
      empty={<EmptyState title={trans('No liked songs yet')} />}
      errorState={(error) =>
        error instanceof ApiError && error.status === 403 ? (
          <EmptyState title={trans("This user's liked songs are private.")} />
        ) : undefined
      }
    >
      <div className="pb-3">
        <PlayButton name={label} size="md" onPress={() => playTracks(tracks, 0)} />
      </div>
      <TrackList aria-label={label} items={items} onPlay={(index) => playTracks(tracks, index)} />
    </PagedList>
  );
}

function FollowsPanel({ userId, direction }: { userId: number; direction: 'followers' | 'following' }) {
  const { trans } = useTrans();
  const query = useProfileFollows(userId, direction);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  return (
    <PagedList
      query={query}
      isEmpty={!items.length}
      skeleton={<CardGridSkeleton round />}
      empty={
        <EmptyState
          title={direction === 'followers' ? trans('No followers yet') : trans('Not following anyone yet')}
        />
      }
    >
      <ul className={cardGridClass} aria-label={trans(TAB_LABELS[direction])}>
        {items.map((u) => (
          <li key={u.id}>
            <UserCard user={u} />
          </li>
        ))}
      </ul>
    </PagedList>
  );
}
