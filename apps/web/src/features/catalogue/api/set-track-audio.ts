import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrackAudioFromEntryRequest } from '@zema/contracts';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';
import { trackQueryOptions } from './get-track';

/** While a track's new audio is analysed, the admin's page reads the track again this often. */
export const AUDIO_ANALYSIS_POLL_MS = 1000;

/**
 * POST tracks/{id}/audio `{file_entry_id}`: the track takes a file the upload queue sent (tus for
 * a big master). The server checks and takes it at once and answers the track `processing`; the
 * analysis (duration, waveform, loudness) runs as a job, the track playing its previous audio
 * until it is done (`ready`), or keeping it when the file is refused (`failed`, `audio_error`).
 */
export async function setTrackAudio({ id, fileEntryId }: { id: number; fileEntryId: number }) {
  const body: TrackAudioFromEntryRequest = { file_entry_id: fileEntryId };
  return (await api.call(catalogueAdmin.uploadTrackAudio, { params: { id: String(id) }, body })).track;
}

export function useSetTrackAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTrackAudio,
    meta: { handlesErrors: true },
    onSuccess: (track) => {
      // The answer is the track as it is now (`processing`): shown at once, then followed.
      queryClient.setQueryData(trackQueryOptions(track.id).queryKey, track);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]);
    },
  });
}

/** GET tracks/{id} for the admin's track page, read again while its new audio is analysed. */
export function useTrackFollowingAudio(id: number) {
  return useQuery({
    ...trackQueryOptions(id),
    enabled: Number.isFinite(id),
    refetchInterval: (query) =>
      query.state.data?.audio_status === 'processing' ? AUDIO_ANALYSIS_POLL_MS : false,
  });
}
