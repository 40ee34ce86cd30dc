import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackAudioFromEntryRequest } from '@zema/contracts';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/**
 * POST tracks/{id}/audio `{file_entry_id}`: the track takes the audio of a file the upload queue
 * sent (tus for a big master), replacing the one it had; the server analyses it (duration,
 * waveform, loudness) and answers the updated track.
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
