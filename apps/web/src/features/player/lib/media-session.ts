import type { RadioSong, RadioStation, Track } from '@zema/contracts';

/** What the lock screen and headset keys can ask of the player. */
export interface MediaSessionControls {
  play(): void;
  pause(): void;
  previous(): void;
  next(): void;
  seek(seconds: number): void;
  seekBy(delta: number): void;
}

/** The actions that move in a track or the queue: a live station offers none of them. */
const TRACK_ACTIONS: MediaSessionAction[] = [
  'previoustrack',
  'nexttrack',
  'seekto',
  'seekbackward',
  'seekforward',
];

/**
 * The player as the operating system sees it (Media Session API: lock screen, notification,
 * headset keys). Every call is a no-op where the browser has no Media Session.
 */
export class MediaSessionAdapter {
  private readonly session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  private readonly handlers: Array<[MediaSessionAction, MediaSessionActionHandler]>;
  private live = false;

  constructor(controls: MediaSessionControls) {
    this.handlers = [
      ['play', () => controls.play()],
      ['pause', () => controls.pause()],
      ['previoustrack', () => controls.previous()],
      ['nexttrack', () => controls.next()],
      ['seekto', (d) => d.seekTime !== undefined && controls.seek(d.seekTime)],
      ['seekbackward', (d) => controls.seekBy(-(d.seekOffset ?? 10))],
      ['seekforward', (d) => controls.seekBy(d.seekOffset ?? 10)],
    ];
    for (const [action, handler] of this.handlers) this.setHandler(action, handler);
  }

  private setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    try {
      this.session?.setActionHandler(action, handler);
    } catch {
      // Older browsers throw for actions they do not know.
    }
  }

  /**
   * Live (a radio station) or not: a station can only be played and paused, so the lock screen
   * shows no skip or seek buttons while one plays, and gets them back with the queue.
   */
  private setLiveMode(live: boolean) {
    if (live === this.live) return;
    this.live = live;
    for (const [action, handler] of this.handlers) {
      if (TRACK_ACTIONS.includes(action)) this.setHandler(action, live ? null : handler);
    }
  }

  /** The track shown on the lock screen (none: cleared). */
  setTrack(track: Track | null) {
    this.setLiveMode(false);
    const image = track ? (track.image ?? track.album?.image ?? null) : null;
    this.setMetadata(
      track && {
        title: track.name,
        artist: track.artists.map((a) => a.name).join(', '),
        album: track.album?.name ?? '',
        image,
      },
    );
  }

  /**
   * A live station: the song on air (its title, artist and art) when the station says, else the
   * station's own name and cover; the station's name stands in the album's place.
   */
  setStation(station: RadioStation, song: RadioSong | null) {
    this.setLiveMode(true);
    this.setMetadata({
      title: song?.title || station.name,
      artist: song?.artist ?? '',
      album: station.name,
      image: song?.art ?? station.cover,
    });
  }

  private setMetadata(meta: { title: string; artist: string; album: string; image: string | null } | null) {
    const session = this.session;
    if (!session || typeof MediaMetadata === 'undefined') return;
    if (!meta) {
      session.metadata = null;
      return;
    }
    const { image, ...text } = meta;
    session.metadata = new MediaMetadata({
      ...text,
      artwork: image ? [{ src: new URL(image, location.href).href, sizes: '512x512' }] : [],
    });
  }

  /** The position and state of the element playing now (a live stream has no position). */
  setPosition(audio: HTMLAudioElement) {
    const session = this.session;
    if (!session) return;
    try {
      session.playbackState = audio.paused ? 'paused' : 'playing';
      if (!session.setPositionState) return;
      if (this.live) {
        // No seek bar on the lock screen for a stream without an end.
        session.setPositionState();
        return;
      }
      const duration = audio.duration;
      if (!Number.isFinite(duration) || duration <= 0) return;
      session.setPositionState({
        duration,
        playbackRate: audio.playbackRate || 1,
        position: Math.min(audio.currentTime, duration),
      });
    } catch {
      // Position outside the duration during a swap: the next event sets it right.
    }
  }
}
