/**
 * The built-in station's contract between its schedule (which song plays when, kept in the
 * database by the module so every instance agrees) and its broadcaster (which turns that schedule
 * into one live MP3 stream at real-time pace for every listener of this instance).
 */

/** One song of the schedule. Times are epoch milliseconds. */
export type ScheduledSong = {
  /** The schedule's count: song n+1 follows song n. */
  seq: number;
  trackId: number;
  /** What ICY metadata and the page say: `Artist - Title`. */
  title: string;
  artist: string | null;
  startedAt: number;
  durationMs: number;
  /** The track's audio file as stored (any bitrate; MP3 unless ffmpeg re-encodes). */
  readAudio: () => Promise<Buffer>;
};

export interface StationSchedule {
  /** The song on air at `at` (planning it, and any before it, when needed). */
  songAt(at: number): Promise<ScheduledSong>;
  /** The song after `song`. */
  after(song: ScheduledSong): Promise<ScheduledSong>;
}
