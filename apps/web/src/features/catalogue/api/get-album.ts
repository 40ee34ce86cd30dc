import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Album } from '@zema/contracts';
import { catalogue } from '@zema/contracts/catalogue/catalogue.operations';
import { api } from '#src/lib/api-client';

/** GET albums/{id}: the album with every track in order. */
export async function fetchAlbum(id: number, signal?: AbortSignal): Promise<Album> {
  return (await api.call(catalogue.album, { params: { id }, signal })).album;
}

export const albumQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['catalogue', 'album', { id }], queryFn: ({ signal }) => fetchAlbum(id, signal) });

export const useAlbum = (id: number) => useQuery({ ...albumQueryOptions(id), enabled: Number.isFinite(id) });
