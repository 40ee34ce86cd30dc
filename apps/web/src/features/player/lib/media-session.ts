import type { Track } from '@zema/contracts';

/** What the lock screen and headset keys can ask of the player. */
export interface MediaSessionControls {
  play(): void;
  pause(): void;
  previous(): void;
  next(): void;
  seek(seconds: number): void;
  seekBy(delta: number): void;
}

/**
 * The player as the operating system sees it (Media Session API: lock screen, notification,
 * headset keys). Every call is a no-op where the browser has no Media Session.
 */
export class MediaSessionAdapter {
  private readonly session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;

  constructor(controls: MediaSessionControls) {
    if (!this.session) return;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => controls.play()],
      ['pause', () => controls.pause()],
      ['previoustrack', () => controls.previous()],
      ['nexttrack', () => controls.next()],
      ['seekto', (d) => d.seekTime !== undefined && controls.seek(d.seekTime)],
      ['seekbackward', (d) => controls.seekBy(-(d.seekOffset ?? 10))],
      ['seekforward', (d) => controls.seekBy(d.seekOffset ?? 10)],
    ];
    for (const [action, handler] of handlers) {
      try {
        this.session.setActionHandler(action, handler);
      } catch {
        // Older browsers throw for actions they do not know.
      }
    }
  }

  /** The track shown on the lock screen (none: cleared). */
  setTrack(track: Track | null) {
    const session = this.session;
    if (!session || typeof MediaMetadata === 'undefined') return;
    if (!track) {
      session.metadata = null;
      return;
    }
    const image = track.image ?? track.album?.image;
    session.metadata = new MediaMetadata({
      title: track.name,
      artist: track.artists.map((a) => a.name).join(', '),
      album: track.album?.name ?? '',
      artwork: image ? [{ src: new URL(image, location.href).href, sizes: '512x512' }] : [],
    });
  }

  /** The position and state of the element playing now. */
  setPosition(audio: HTMLAudioElement) {
    const session = this.session;
    if (!session?.setPositionState) return;
    const duration = audio.duration;
    try {
      if (!Number.isFinite(duration) || duration <= 0) return;
      session.setPositionState({
        duration,
        playbackRate: audio.playbackRate || 1,
        position: Math.min(audio.currentTime, duration),
      });
      session.playbackState = audio.paused ? 'paused' : 'playing';
    } catch {
      // Position outside the duration during a swap: the next event sets it right.
    }
  }
}
