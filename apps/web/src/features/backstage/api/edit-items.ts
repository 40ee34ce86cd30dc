import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateBackstageAlbum, UpdateBackstageTrack } from '@zema/contracts';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** PUT / DELETE backstage/tracks/:id and backstage/albums/:id. */
export const updateBackstageTrack = async ({ id, body }: { id: number; body: UpdateBackstageTrack }) =>
  (await api.call(backstage.updateTrack, { params: { id }, body })).track;
export const deleteBackstageTrack = (id: number) => api.call(backstage.deleteTrack, { params: { id } });
export const updateBackstageAlbum = async ({ id, body }: { id: number; body: UpdateBackstageAlbum }) =>
  (await api.call(backstage.updateAlbum, { params: { id }, body })).album;
export const deleteBackstageAlbum = (id: number) => api.call(backstage.deleteAlbum, { params: { id } });

function useRefreshing<A, R>(fn: (a: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { handlesErrors: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: backstageKeys.all });
      void client.invalidateQueries({ queryKey: backstageKeys.listener });
    },
  });
}

export const useUpdateBackstageTrack = () => useRefreshing(updateBackstageTrack);
export const useDeleteBackstageTrack = () => useRefreshing(deleteBackstageTrack);
export const useUpdateBackstageAlbum = () => useRefreshing(updateBackstageAlbum);
export const useDeleteBackstageAlbum = () => useRefreshing(deleteBackstageAlbum);
