import { Globe, Lock, MoreHorizontal, Music, Pencil, Trash2, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import { CollectionHeader } from '#src/components/collection-header';
import { PlayButton } from '#src/components/play-button';
import { EmptyState, ErrorState, LoadMore, TrackRowsSkeleton } from '#src/components/states';
import { ShareButton } from '#src/features/embed';
import { playTracks, TrackList } from '#src/features/player';
import { ApiError } from '#src/lib/api-error';
import { formatTotalDuration } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Menu, MenuItem, MenuTrigger } from '#src/ui/menu';
import { NotFoundPage } from '#src/ui/not-found-page';
import { toast } from '#src/ui/toast';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useRemovePlaylistTracks, useReorderPlaylistTrack } from '../api/edit-playlist-tracks';
import { usePlaylist } from '../api/get-playlist';
import { usePlaylistTracks } from '../api/get-playlist-tracks';
import { EditPlaylistDialog } from '../components/edit-playlist-dialog';
import { CollaboratorAvatars, CollaboratorsDialog } from '../components/playlist-collaborators';

/**
 * /playlist/{id}/{slug}: header with cover, owner and totals, "Play {name}", and the tracks. The
 * owner edits details, cover and deletes; the owner and collaborators remove and reorder tracks.
 */
export default function PlaylistPage() {
  const { playlistId: raw } = useParams();
  const playlistId = Number(raw);
  const { trans } = useTrans();
  const navigate = useNavigate();
  const playlist = usePlaylist(playlistId);
  const entries = usePlaylistTracks(playlistId);
  const remove = useRemovePlaylistTracks();
  const reorder = useReorderPlaylistTrack();
  const del = useDeletePlaylist();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [managingCollaborators, setManagingCollaborators] = useState(false);

  const list = useMemo(() => entries.data?.pages.flatMap((p) => p.data) ?? [], [entries.data]);
  const tracks = useMemo(() => list.map((e) => e.track), [list]);
  const items = useMemo(() => list.map((e) => ({ key: String(e.entry_id), track: e.track })), [list]);

  usePageTitle(playlist.data?.name);

  if (!Number.isFinite(playlistId)) return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
  if (playlist.isError) {
    if (
      playlist.error instanceof ApiError &&
      (playlist.error.status === 404 || playlist.error.status === 403)
    ) {
      return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
    }
    return <ErrorState onRetry={() => void playlist.refetch()} />;
  }

  const p = playlist.data;
  const canEdit = !!p?.can_edit;
  const canEditTracks = !!(p?.can_add_tracks ?? p?.can_edit);

  const details = p && (
    <span className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 sm:justify-start">
      {p.description && <span className="block w-full text-fg/80">{p.description}</span>}
      <Link href={paths.user(p.owner)} className="font-semibold text-fg hover:underline">
        {p.owner.display_name}
      </Link>
      <span aria-hidden="true">•</span>
      <span>{trans('{count, plural, one {# song} other {# songs}}', { count: p.tracks_count })}</span>
      {p.duration_ms > 0 && (
        <>
          <span aria-hidden="true">•</span>
          <span>{formatTotalDuration(p.duration_ms / 1000, trans)}</span>
        </>
      )}
      <span aria-hidden="true">•</span>
      <span className="inline-flex items-center gap-1">
        {p.public ? (
          <Globe aria-hidden="true" className="size-3.5" />
        ) : (
          <Lock aria-hidden="true" className="size-3.5" />
        )}
        {p.public ? trans('Public') : trans('Private')}
      </span>
      {p.collaborative && (
        <span className="inline-flex items-center gap-1">
          <Users aria-hidden="true" className="size-3.5" />
          {trans('Collaborative')}
        </span>
      )}
      {!!p.collaborators?.length && (
        <>
          <span aria-hidden="true">•</span>
          <CollaboratorAvatars collaborators={p.collaborators} />
        </>
      )}
    </span>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      {p ? (
        <CollectionHeader
          className="pb-6"
          kind={trans('Playlist')}
          title={p.name}
          image={p.image}
          fallback={<Music aria-hidden="true" className="size-16" />}
          details={details}
          actions={
            <>
              <PlayButton name={p.name} isDisabled={!tracks.length} onPress={() => playTracks(tracks, 0)} />
              {/* A private playlist's link and player show nothing to anyone else. */}
              {p.public && <ShareButton kind="playlist" id={p.id} name={p.name} path={paths.playlist(p)} />}
              {canEdit && (
                <MenuTrigger>
                  <Button variant="icon" size="lg" aria-label={trans('Playlist options')}>
                    <MoreHorizontal aria-hidden="true" />
                  </Button>
                  <Menu>
                    <MenuItem icon={<Pencil />} onAction={() => setEditing(true)}>
                      {trans('Edit details')}
                    </MenuItem>
                    {(p.collaborative || !!p.collaborators?.length) && (
                      <MenuItem icon={<UserPlus />} onAction={() => setManagingCollaborators(true)}>
                        {trans('Collaborators')}
                      </MenuItem>
                    )}
                    <MenuItem icon={<Trash2 />} variant="danger" onAction={() => setDeleting(true)}>
                      {trans('Delete')}
                    </MenuItem>
                  </Menu>
                </MenuTrigger>
              )}
            </>
          }
        />
      ) : (
        <div role="status" aria-label={trans('Loading')} className="flex items-end gap-5 pb-6">
          <span className="size-44 animate-pulse rounded-theme bg-bg-alt sm:size-52" />
          <span className="flex flex-1 flex-col gap-3">
            <span className="h-3 w-20 animate-pulse rounded bg-bg-alt" />
            <span className="h-10 w-2/3 animate-pulse rounded bg-bg-alt" />
          </span>
        </div>
      )}

      {entries.isPending ? (
        <TrackRowsSkeleton />
      ) : entries.isError ? (
        <ErrorState onRetry={() => void entries.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={trans('This playlist is empty')}
          description={
            canEditTracks
              ? trans('Add tracks from any track\u2019s menu: More options → Add to playlist.')
              : undefined
          }
        />
      ) : (
        <>
          <TrackList
            aria-label={p ? trans('Tracks of {name}', { name: p.name }) : trans('Tracks')}
            items={items}
            onPlay={(index) => playTracks(tracks, index)}
            onReorder={
              canEditTracks
                ? (key, toIndex) => reorder.mutate({ playlistId, entryId: Number(key), toIndex })
                : undefined
            }
            onRemove={
              canEditTracks
                ? (item) => remove.mutate({ playlistId, entryIds: [Number(item.key)] })
                : undefined
            }
          />
          <LoadMore
            hasMore={entries.hasNextPage}
            isLoading={entries.isFetchingNextPage}
            onLoadMore={() => void entries.fetchNextPage()}
          />
        </>
      )}

      {p && canEdit && (
        <>
          <EditPlaylistDialog playlist={p} isOpen={editing} onOpenChange={setEditing} />
          <CollaboratorsDialog
            playlist={p}
            isOpen={managingCollaborators}
            onOpenChange={setManagingCollaborators}
          />
          <ConfirmDialog
            isOpen={deleting}
            onOpenChange={setDeleting}
            title={trans('Delete playlist')}
            confirmLabel={trans('Delete')}
            danger
            isPending={del.isPending}
            onConfirm={() =>
              del.mutate(p.id, {
                onSuccess: () => {
                  setDeleting(false);
                  toast.positive(trans('Playlist deleted'));
                  navigate(paths.library());
                },
              })
            }
          >
            <p className="text-muted">
              {trans('"{name}" will be deleted for everyone. This cannot be undone.', { name: p.name })}
            </p>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
