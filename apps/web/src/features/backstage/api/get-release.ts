import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReleaseDraft } from '@zema/contracts';
import { backstageReleases } from '@zema/contracts/backstage/backstage-releases.operations';
import { api } from '#src/lib/api-client';
import { isLiveEventsOpen, useLiveEvent } from '#src/lib/live-events';
import { backstageKeys } from './keys';

/** Without the live stream, a track being analysed is read again this often. */
export const ANALYSIS_POLL_MS = 1000;
/**
 * With the live stream open, progress arrives as `release.track_progress` events; a slow read
 * remains as a safety net (a missed event, a stream that reconnects after its backlog expired).
 */
export const ANALYSIS_FALLBACK_POLL_MS = 10_000;

export const analysing = (release: ReleaseDraft | undefined) =>
  !!release?.tracks.some((t) => t.status === 'queued' || t.status === 'processing');

/** GET backstage/releases/{id}: the draft with its tracks and their analysis progress. */
export const releaseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: backstageKeys.release(id),
    queryFn: async () => (await api.call(backstageReleases.get, { params: { id } })).release,
    // Analysis runs on the server after each upload answered: follow it until every track is done.
    refetchInterval: (query) =>
      analysing(query.state.data)
        ? isLiveEventsOpen()
          ? ANALYSIS_FALLBACK_POLL_MS
          : ANALYSIS_POLL_MS
        : false,
  });

/**
 * The release, kept current while its tracks are analysed: each live progress event updates the
 * track in place, and a track that finishes (ready or failed) reads the release again for what the
 * analysis found (duration, tags, waveform, notices).
 */
export function useRelease(id: number) {
  const client = useQueryClient();
  useLiveEvent('release.track_progress', (event) => {
    if (event.releaseId !== id) return;
    const key = backstageKeys.release(id);
    client.setQueryData<ReleaseDraft>(key, (release) =>
      release
        ? {
            ...release,
            tracks: release.tracks.map((t) =>
              t.id === event.trackId ? { ...t, status: event.status, progress: event.progress } : t,
            ),
          }
        : release,
    );
    if (event.status === 'ready' || event.status === 'failed')
      void client.invalidateQueries({ queryKey: key });
  });
  return useQuery(releaseQueryOptions(id));
}
