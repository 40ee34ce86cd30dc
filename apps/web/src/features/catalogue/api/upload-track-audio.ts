import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueAdmin } from '@zema/contracts/operations/catalogue';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/**
 * POST tracks/{id}/audio (multipart `file`): stores the file as the track's audio, replacing the
 * one it had; the server reads the duration from the file and answers the updated track.
 */
export async function uploadTrackAudio({ id, file }: { id: number; file: File }) {
  const body = new FormData();
  body.append('file', file);
  return (await api.call(catalogueAdmin.uploadTrackAudio, { params: { id: String(id) }, body })).track;
}

export function useUploadTrackAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTrackAudio,
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.listener }),
      ]),
  });
}
