import type { RadioSourceConfig, RadioStream } from '@zema/contracts';

/**
 * A song as an outside source reports it, before the module matches it to the catalogue:
 * `title` is what the listener reads (never empty), `startedAt` an ISO time and `duration` seconds
 * when the source knows them.
 */
export type SourceSong = {
  title: string;
  artist: string | null;
  album: string | null;
  art: string | null;
  startedAt: string | null;
  duration: number | null;
};

/** One reading of a source: the song now (null: nothing on air, or the source does not say) and the listeners. */
export type SourceReading = { song: SourceSong | null; listeners: number | null };

export type SourceOptions = {
  /** Tests only: let the watcher reach loopback and private addresses (a local Icecast). */
  allowPrivateAddresses?: boolean;
  /** How often a polled source (Icecast, AzuraCast's static JSON) is read (default 1 s for Icecast, 5 s for AzuraCast's fallback). */
  pollMs?: number;
  /** One request's time limit, connecting included (default 10 s). */
  timeoutMs?: number;
};

/** The outside sources' kinds: the built-in station and 'none' have no watcher. */
export type OutsideSourceConfig = Exclude<RadioSourceConfig, { kind: 'builtin' } | { kind: 'none' }>;

/**
 * Watches one station's source until `signal` aborts: calls `emit` with the first reading as soon
 * as it has one, then with each reading that differs from the last. Resolves only when `signal`
 * aborts; rejects when the source fails (unreachable, refused, not the expected format, the stream
 * ended), and the caller retries with backoff.
 */
export type WatchSource = (
  config: OutsideSourceConfig,
  streams: readonly RadioStream[],
  emit: (reading: SourceReading) => void,
  signal: AbortSignal,
  opts?: SourceOptions,
) => Promise<void>;

/** Reads a source once (the admin's "Test source"): the reading, or throws with a reason a person can read. */
export type ReadSourceOnce = (
  config: OutsideSourceConfig,
  streams: readonly RadioStream[],
  opts?: SourceOptions,
) => Promise<SourceReading>;
