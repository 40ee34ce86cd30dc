import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateBackstageArtist } from '@zema/contracts';
import { backstage } from '@zema/contracts/backstage/backstage.operations';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/** PUT backstage/artists/:id. */
export async function updateBackstageArtist({ id, body }: { id: number; body: UpdateBackstageArtist }) {
  return (await api.call(backstage.updateArtist, { params: { id }, body })).artist;
}

export function useUpdateBackstageArtist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBackstageArtist,
    meta: { handlesErrors: true },
    onSuccess: (artist) => {
      client.setQueryData(backstageKeys.artist(artist.id), artist);
      void client.invalidateQueries({ queryKey: backstageKeys.myArtists() });
      void client.invalidateQueries({ queryKey: backstageKeys.listener });
    },
  });
}
