/**
 * The one way lengths are printed, in seconds (the API's `duration_ms` divided by 1000 at the
 * call). Positions and lengths are floored, as music players print them, so a track's length in a
 * list and in the player bar agree.
 */

/** 3:07, 1:02:03 — a track's length or the playback position. */
export function formatDuration(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** "1 hr 5 min" / "42 min" — a playlist's or album's total length. */
export function formatTotalDuration(seconds: number): string {
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds / 60) : 0;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} hr ${m} min` : `${m} min`;
}
