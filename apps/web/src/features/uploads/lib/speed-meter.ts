import { formatBytes } from '#src/lib/format';
import type { TransFn } from '#src/lib/i18n';

/** How far back speed is measured: long enough to smooth bursts, short enough to follow changes. */
export const SPEED_WINDOW_MS = 5000;

/**
 * Speed and time left from the bytes sent over the last few seconds (a sliding window), so one
 * slow chunk or a burst after a pause does not swing the estimate.
 */
export class SpeedMeter {
  private samples: Array<{ at: number; bytes: number }> = [];

  constructor(private readonly windowMs = SPEED_WINDOW_MS) {}

  add(at: number, bytes: number): void {
    const last = this.samples[this.samples.length - 1];
    // A retried chunk sends bytes again: restart the window rather than report a negative speed.
    if (last && bytes < last.bytes) this.samples = [];
    this.samples.push({ at, bytes });
    while (this.samples.length > 2 && (this.samples[0]?.at ?? at) < at - this.windowMs) this.samples.shift();
  }

  /** Bytes per second, or null before two samples a moment apart. */
  speed(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.at - first.at < 250) return null;
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }

  /** Seconds left for `total` bytes, or null while the speed is unknown or zero. */
  timeLeft(total: number): number | null {
    const speed = this.speed();
    const last = this.samples[this.samples.length - 1];
    if (!speed || !last) return null;
    return Math.max(0, Math.ceil((total - last.bytes) / speed));
  }

  reset(): void {
    this.samples = [];
  }
}

/** 1.5 MB/s */
export function formatSpeed(bytesPerSecond: number, locale: string): string {
  return `${formatBytes(Math.round(bytesPerSecond), locale)}/s`;
}

/** '5 s left', '3 min left', '1 h 5 min left' */
export function formatTimeLeft(seconds: number, trans: TransFn): string {
  if (seconds < 60) return trans('{seconds} s left', { seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return trans('{minutes} min left', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest
    ? trans('{hours} h {minutes} min left', { hours, minutes: rest })
    : trans('{hours} h left', { hours });
}
