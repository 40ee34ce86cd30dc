import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Track } from '@zema/contracts';
import { catalogue } from '@zema/contracts/catalogue/catalogue.operations';
import { api } from '#src/lib/api-client';

/** GET tracks/{id}. */
export async function fetchTrack(id: number, signal?: AbortSignal): Promise<Track> {
  return (await api.call(catalogue.track, { params: { id }, signal })).track;
}

export const trackQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['catalogue', 'track', { id }], queryFn: ({ signal }) => fetchTrack(id, signal) });

export const useTrack = (id: number) => useQuery({ ...trackQueryOptions(id), enabled: Number.isFinite(id) });
