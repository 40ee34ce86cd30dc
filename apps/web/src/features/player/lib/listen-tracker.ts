import { PLAY_COUNT_AFTER_SECONDS } from '@zema/contracts';

/** A jump in currentTime larger than this between two timeupdates is a seek, not listening. */
const MAX_LISTEN_STEP_SECONDS = 2;

export type ReportPlay = (trackId: number, body: { listen_id: string; seconds: number }) => Promise<unknown>;

function uuid(): string {
  // randomUUID only exists in secure contexts; a self-hosted player is often opened over plain http.
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

interface Listen {
  id: string;
  trackId: number;
  seconds: number;
  last: number | null;
  reported: boolean;
}

/**
 * Counts one listen of the loaded track: the seconds actually heard (a seek is not listening), and
 * a play reported once per listen after min(30 s, duration) (docs/guide/listening.md). Reporting is
 * best effort: a failed report never interrupts the music.
 */
export class ListenTracker {
  private listen: Listen | null = null;

  constructor(
    private readonly report: ReportPlay,
    /** Read at each check, so a new admin setting applies without a reload of the player. */
    private readonly countAfter: () => number = () => PLAY_COUNT_AFTER_SECONDS,
  ) {}

  /** A new listen of `trackId` (none for null) that starts at `at` seconds. */
  start(trackId: number | null, at: number) {
    this.listen = trackId === null ? null : { id: uuid(), trackId, seconds: 0, last: at, reported: false };
  }

  stop() {
    this.listen = null;
  }

  /** The play head jumped (a seek, a swap): the next time update starts counting afresh. */
  jumped() {
    if (this.listen) this.listen.last = null;
  }

  /** A time update while playing, at `now` seconds of a track `duration` seconds long (0: unknown). */
  heard(now: number, duration: number) {
    const listen = this.listen;
    if (!listen) return;
    if (listen.last !== null) {
      const step = now - listen.last;
      if (step > 0 && step < MAX_LISTEN_STEP_SECONDS) listen.seconds += step;
    }
    listen.last = now;
    this.maybeReport(duration);
  }

  /** The track played to its end: a track shorter than the threshold counts. */
  ended(duration: number) {
    if (!this.listen) return;
    this.listen.seconds = Math.max(this.listen.seconds, duration);
    this.maybeReport(duration);
  }

  private maybeReport(duration: number) {
    const listen = this.listen;
    if (!listen || listen.reported) return;
    if (listen.seconds < Math.min(this.countAfter(), duration || Number.POSITIVE_INFINITY) - 0.25) return;
    listen.reported = true;
    this.report(listen.trackId, { listen_id: listen.id, seconds: Math.round(listen.seconds) }).catch(
      () => {},
    );
  }
}
