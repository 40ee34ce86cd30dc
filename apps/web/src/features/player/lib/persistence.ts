import { trackSchema } from '@zema/contracts';
import { z } from 'zod';
import type { QueueItem, QueueState, RepeatMode } from './queue';

/** localStorage key of the saved player (queue, position, volume, modes). */
export const PLAYER_STORAGE_KEY = 'zema-player';

export interface SavedPlayer {
  queue: QueueItem[];
  /** Keys of `queue` items in their original (unshuffled) order. */
  original: string[];
  index: number;
  position: number;
  volume: number;
  muted: boolean;
  /** Play each track at its measured loudness (tracks without a measure play as they are). */
  normalize: boolean;
  /** Data saver: songs stream as a 96 kbps transcode (the server's, when it has ffmpeg). */
  dataSaver: boolean;
  shuffle: boolean;
  repeat: RepeatMode;
}

const savedSchema = z.object({
  queue: z.array(z.object({ key: z.string(), track: trackSchema })),
  original: z.array(z.string()),
  index: z.number().int(),
  position: z.number().min(0),
  volume: z.number().min(0).max(1),
  muted: z.boolean(),
  // Absent in what players before this setting saved.
  normalize: z.boolean().default(false),
  dataSaver: z.boolean().default(false),
  shuffle: z.boolean(),
  repeat: z.enum(['off', 'all', 'one']),
});

export interface PlayerSettings {
  volume: number;
  muted: boolean;
  normalize: boolean;
  dataSaver: boolean;
}

export function serialize(state: QueueState, settings: PlayerSettings, position: number): SavedPlayer {
  return {
    queue: state.queue,
    original: state.original.map((i) => i.key),
    index: state.index,
    position: Math.max(0, Math.floor(position * 10) / 10),
    volume: settings.volume,
    muted: settings.muted,
    normalize: settings.normalize,
    dataSaver: settings.dataSaver,
    shuffle: state.shuffle,
    repeat: state.repeat,
  };
}

export function savePlayer(storage: Storage | undefined, saved: SavedPlayer): void {
  try {
    storage?.setItem(PLAYER_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled (private mode): the player still works, it just forgets on reload.
  }
}

/** The saved player, or null when there is none or it does not parse (an older shape, edits). */
export function loadPlayer(
  storage: Storage | undefined,
): (QueueState & PlayerSettings & { position: number }) | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(PLAYER_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: z.infer<typeof savedSchema>;
  try {
    const result = savedSchema.safeParse(JSON.parse(raw));
    if (!result.success) return null;
    parsed = result.data;
  } catch {
    return null;
  }
  const byKey = new Map(parsed.queue.map((i) => [i.key, i]));
  const original = parsed.original.map((k) => byKey.get(k)).filter((i): i is QueueItem => !!i);
  const index = parsed.queue.length ? Math.min(Math.max(parsed.index, 0), parsed.queue.length - 1) : -1;
  return {
    queue: parsed.queue,
    original: original.length === parsed.queue.length ? original : parsed.queue,
    index,
    shuffle: parsed.shuffle,
    repeat: parsed.repeat,
    volume: parsed.volume,
    muted: parsed.muted,
    normalize: parsed.normalize,
    dataSaver: parsed.dataSaver,
    position: parsed.position,
  };
}
