import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Track, trackResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** GET tracks/{id}. */
export async function fetchTrack(id: number, signal?: AbortSignal): Promise<Track> {
  return trackResponseSchema.parse(await apiClient.get<unknown>(`tracks/${id}`, { signal })).track;
}

export const trackQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['catalogue', 'track', { id }], queryFn: ({ signal }) => fetchTrack(id, signal) });

export const useTrack = (id: number) => useQuery({ ...trackQueryOptions(id), enabled: Number.isFinite(id) });
