import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReleaseDraft, TrackDraft } from '@zema/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveEvents } from '#src/lib/live-events';
import { makeReleaseDraft, makeTrackDraft } from '#test/backstage';
import { mockApi, ok } from '#test/mock-api';
import { ANALYSIS_FALLBACK_POLL_MS, releaseQueryOptions, useRelease } from './get-release';

/** The browser's EventSource, played by the test. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  private listeners = new Map<string, Set<(e: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, fn: (e: Event) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(fn);
  }
  close() {
    this.readyState = 2;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? [])
      fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

// As the hook's tests had them: a single, its track still being analysed.
const track = (over: Partial<TrackDraft>): TrackDraft =>
  makeTrackDraft({
    id: 11,
    position: 0,
    name: 'Tizita',
    artists: ['Mahmoud Ahmed'],
    status: 'processing',
    progress: 10,
    file_name: 'tizita.mp3',
    format: null,
    duration_ms: null,
    loudness_lufs: null,
    true_peak_db: null,
    ...over,
  });
const draft = (tracks: TrackDraft[]): ReleaseDraft =>
  makeReleaseDraft(tracks, { type: 'single', name: 'Tizita' });

let release: (() => void) | null = null;
beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  release?.();
  release = null;
  vi.unstubAllGlobals();
});

describe('useRelease while tracks are analysed', () => {
  it('follows the live progress events, and reads the release again when a track is done', async () => {
    let answer = draft([track({})]);
    const calls = mockApi((call) =>
      call.path === '/api/v1/backstage/releases/3' ? ok({ release: answer }) : undefined,
    );
    release = openLiveEvents();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRelease(3), { wrapper });
    await waitFor(() => expect(result.current.data?.tracks[0]?.progress).toBe(10));
    const source = FakeEventSource.instances.at(-1) as FakeEventSource;

    // Another release's event changes nothing; this release's moves the bar without a request.
    act(() =>
      source.emit('release.track_progress', {
        releaseId: 4,
        trackId: 11,
        status: 'processing',
        progress: 90,
      }),
    );
    act(() =>
      source.emit('release.track_progress', {
        releaseId: 3,
        trackId: 11,
        status: 'processing',
        progress: 60,
      }),
    );
    // React Query tells its observers on the next tick.
    await waitFor(() => expect(result.current.data?.tracks[0]?.progress).toBe(60));
    const reads = () => calls.filter((c) => c.path === '/api/v1/backstage/releases/3').length;
    expect(reads()).toBe(1);

    answer = draft([track({ status: 'ready', progress: 100, duration_ms: 240_000 })]);
    act(() =>
      source.emit('release.track_progress', { releaseId: 3, trackId: 11, status: 'ready', progress: 100 }),
    );
    await waitFor(() => expect(result.current.data?.tracks[0]?.duration_ms).toBe(240_000));
    expect(reads()).toBe(2);
  });

  it('polls slowly as a safety net while the stream is open', () => {
    release = openLiveEvents();
    const options = releaseQueryOptions(3);
    const interval = options.refetchInterval as (q: { state: { data: ReleaseDraft | undefined } }) => unknown;
    expect(interval({ state: { data: draft([track({})]) } })).toBe(ANALYSIS_FALLBACK_POLL_MS);
    expect(interval({ state: { data: draft([track({ status: 'ready' })]) } })).toBe(false);
  });
});
