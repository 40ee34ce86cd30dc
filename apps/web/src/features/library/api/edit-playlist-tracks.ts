import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { library } from '@zema/contracts/library/library.operations';
import { api } from '#src/lib/api-client';
import { errorMessage } from '#src/lib/api-error';
import { toast } from '#src/ui/toast';
import type { PlaylistEntryPage } from './get-playlist-tracks';
import { invalidatePlaylist, playlistTracksKey } from './use-playlists';

/** DELETE playlists/{id}/tracks {entry_ids} (owner or collaborator). */
export async function removePlaylistTracks({
  playlistId,
  entryIds,
}: {
  playlistId: number;
  entryIds: number[];
}) {
  await api.call(library.removePlaylistTracks, { params: { id: playlistId }, body: { entry_ids: entryIds } });
}

/** POST playlists/{id}/tracks/reorder {entry_id, to_index}. */
export async function reorderPlaylistTrack({
  playlistId,
  entryId,
  toIndex,
}: {
  playlistId: number;
  entryId: number;
  toIndex: number;
}) {
  await api.call(library.reorderPlaylistTrack, {
    params: { id: playlistId },
    body: { entry_id: entryId, to_index: toIndex },
  });
}

type EntryPages = InfiniteData<PlaylistEntryPage, number>;

/** Applies a change to the loaded entries as one flat list, keeping the page boundaries. */
function mapEntries(
  data: EntryPages | undefined,
  change: (entries: PlaylistEntryPage['data']) => PlaylistEntryPage['data'],
) {
  if (!data) return data;
  const sizes = data.pages.map((p) => p.data.length);
  const flat = change(data.pages.flatMap((p) => p.data));
  let offset = 0;
  return {
    ...data,
    pages: data.pages.map((page, i) => {
      const size = i === data.pages.length - 1 ? flat.length - offset : (sizes[i] ?? 0);
      const slice = flat.slice(offset, offset + size);
      offset += size;
      return { ...page, data: slice };
    }),
  };
}

/** Optimistic edit of the playlist's entry list, rolled back with a toast on failure. */
function useEntriesMutation<V extends { playlistId: number }>(
  mutationFn: (vars: V) => Promise<void>,
  change: (vars: V, entries: PlaylistEntryPage['data']) => PlaylistEntryPage['data'],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onMutate: async (vars: V) => {
      const key = playlistTracksKey(vars.playlistId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<EntryPages>(key);
      queryClient.setQueryData<EntryPages>(key, (old) => mapEntries(old, (entries) => change(vars, entries)));
      return { previous };
    },
    onError: (err, vars, context) => {
      if (context?.previous) queryClient.setQueryData(playlistTracksKey(vars.playlistId), context.previous);
      toast.danger(errorMessage(err));
    },
    onSettled: (_a, _e, vars) => invalidatePlaylist(queryClient, vars.playlistId),
  });
}

export function useRemovePlaylistTracks() {
  return useEntriesMutation(removePlaylistTracks, ({ entryIds }, entries) =>
    entries.filter((e) => !entryIds.includes(e.entry_id)),
  );
}

export function useReorderPlaylistTrack() {
  return useEntriesMutation(reorderPlaylistTrack, ({ entryId, toIndex }, entries) => {
    const from = entries.findIndex((e) => e.entry_id === entryId);
    if (from < 0) return entries;
    const next = [...entries];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(Math.min(toIndex, next.length), 0, moved);
    return next;
  });
}
