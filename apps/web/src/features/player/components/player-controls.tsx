import {
  AudioLines,
  Gauge,
  ListMusic,
  Pause,
  Play,
  Repeat,
  Repeat1,
  Shuffle,
  SkipBack,
  SkipForward,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Slider, SliderThumb, type SliderThumbProps, SliderTrack } from 'react-aria-components';
import { useBootstrapOrNull } from '#src/lib/bootstrap-store';
import { formatDuration } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { Spinner } from '#src/ui/spinner';
import { getPlayer, usePlayerState } from '../lib/use-player';

const toggledClass = 'text-primary data-hovered:text-primary';

/** The big round play/pause button. Its name starts with "Play" whenever pressing it plays. */
export function PlayPauseButton({
  size = 'md',
  className,
}: {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const { trans } = useTrans();
  const status = usePlayerState((s) => s.status);
  const hasTrack = usePlayerState((s) => s.index >= 0 || !!s.live);
  const playing = status === 'playing' || status === 'loading';
  const dims = { sm: 'size-9', md: 'size-10', lg: 'size-16' }[size];
  return (
    <Button
      variant="primary"
      aria-label={playing ? trans('Pause') : trans('Play')}
      isDisabled={!hasTrack}
      onPress={() => getPlayer().toggle()}
      shape="circle"
      className={cx(dims, className)}
    >
      {status === 'loading' ? (
        <Spinner size="sm" label={trans('Loading')} className="text-on-primary" />
      ) : playing ? (
        <Pause aria-hidden="true" className={size === 'lg' ? 'size-7' : 'size-5'} fill="currentColor" />
      ) : (
        <Play
          aria-hidden="true"
          className={cx(size === 'lg' ? 'size-7' : 'size-5', 'translate-x-px')}
          fill="currentColor"
        />
      )}
    </Button>
  );
}

/** Previous or next in the queue: one button, named and drawn for its direction. */
function SkipButton({
  direction,
  size = 'md',
}: {
  direction: 'previous' | 'next';
  size?: 'sm' | 'md' | 'lg';
}) {
  const { trans } = useTrans();
  // A live station has no next, previous or position.
  const hasTrack = usePlayerState((s) => s.index >= 0 && !s.live);
  const Icon = direction === 'previous' ? SkipBack : SkipForward;
  return (
    <Button
      variant="icon"
      size={size}
      aria-label={direction === 'previous' ? trans('Previous') : trans('Next')}
      isDisabled={!hasTrack}
      onPress={() => (direction === 'previous' ? getPlayer().previous() : getPlayer().next())}
    >
      <Icon aria-hidden="true" fill="currentColor" />
    </Button>
  );
}

export function PreviousButton({ size }: { size?: 'sm' | 'md' | 'lg' }) {
  return <SkipButton direction="previous" size={size} />;
}

export function NextButton({ size }: { size?: 'sm' | 'md' | 'lg' }) {
  return <SkipButton direction="next" size={size} />;
}

export function ShuffleButton({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const { trans } = useTrans();
  const on = usePlayerState((s) => s.shuffle);
  return (
    <Button
      variant="icon"
      size={size}
      aria-label={trans('Shuffle')}
      aria-pressed={on}
      onPress={() => getPlayer().toggleShuffle()}
      className={cx(on && toggledClass)}
    >
      <Shuffle aria-hidden="true" />
    </Button>
  );
}

export function RepeatButton({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const { trans } = useTrans();
  const mode = usePlayerState((s) => s.repeat);
  const label = { off: trans('Repeat: off'), all: trans('Repeat: all'), one: trans('Repeat: one') }[mode];
  return (
    <Button
      variant="icon"
      size={size}
      aria-label={label}
      onPress={() => getPlayer().cycleRepeat()}
      className={cx(mode !== 'off' && toggledClass)}
    >
      {mode === 'one' ? <Repeat1 aria-hidden="true" /> : <Repeat aria-hidden="true" />}
    </Button>
  );
}

export function QueueButton({ onPress, isOpen }: { onPress: () => void; isOpen?: boolean }) {
  const { trans } = useTrans();
  // The admin may hide the queue (settings `player.hide_queue`).
  const hidden = useBootstrapOrNull()?.settings.player?.hide_queue;
  if (hidden) return null;
  return (
    <Button
      variant="icon"
      aria-label={trans('Queue')}
      aria-expanded={isOpen}
      onPress={onPress}
      className={cx(isOpen && toggledClass)}
    >
      <ListMusic aria-hidden="true" />
    </Button>
  );
}

const sliderTrack =
  'relative h-1 w-full rounded-full bg-divider group-data-hovered:h-1.5 transition-[height] cursor-pointer';
const sliderThumb =
  'top-1/2 size-3.5 rounded-full bg-fg shadow opacity-0 group-data-hovered:opacity-100 data-dragging:opacity-100 data-focus-visible:opacity-100';

/**
 * A slider thumb whose value is announced as `valueText` ("1:05 of 3:20") instead of a bare number.
 * React Aria's Slider only formats numbers (Intl.NumberFormat; adobe/react-spectrum#6402 asks for
 * more), so the text goes onto the thumb's hidden range input after each commit. React writes
 * aria-valuetext only when its own (numeric) label changes, and this re-renders with every value
 * change (the track's render function calls it), so the text set here is never left stale.
 */
function TimeThumb({ valueText, ...props }: SliderThumbProps & { valueText: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    inputRef.current?.setAttribute('aria-valuetext', valueText);
  });
  return <SliderThumb {...props} inputRef={inputRef} />;
}

/** Position slider with the buffered range drawn behind the played part; arrow keys seek 5 s. */
export function SeekBar({ className, compact }: { className?: string; compact?: boolean }) {
  const { trans } = useTrans();
  const position = usePlayerState((s) => s.position);
  const duration = usePlayerState((s) => s.duration);
  const buffered = usePlayerState((s) => s.buffered);
  // A live station has no next, previous or position.
  const hasTrack = usePlayerState((s) => s.index >= 0 && !s.live);
  const [dragging, setDragging] = useState<number | null>(null);
  const max = duration > 0 ? duration : 1;
  const value = Math.min(dragging ?? position, max);
  return (
    <div className={cx('flex w-full items-center gap-2 text-xs text-muted tabular-nums', className)}>
      {!compact && <span className="w-10 text-right">{formatDuration(value)}</span>}
      <Slider
        aria-label={trans('Seek')}
        minValue={0}
        maxValue={max}
        step={5}
        value={value}
        isDisabled={!hasTrack}
        onChange={(v) => setDragging(v as number)}
        onChangeEnd={(v) => {
          setDragging(null);
          getPlayer().seek(v as number);
        }}
        className="group flex-1 py-2"
      >
        <SliderTrack className={sliderTrack}>
          {({ state }) => (
            <>
              <div
                className="absolute inset-y-0 left-0 rounded-full bg-muted/35"
                style={{ width: `${Math.min(100, (buffered / max) * 100)}%` }}
                data-testid="seek-buffered"
              />
              <div
                className="absolute inset-y-0 left-0 rounded-full bg-fg group-data-hovered:bg-primary"
                style={{ width: `${state.getThumbPercent(0) * 100}%` }}
              />
              <TimeThumb
                className={sliderThumb}
                valueText={trans('{position} of {duration}', {
                  position: formatDuration(state.getThumbValue(0)),
                  duration: formatDuration(duration),
                })}
              />
            </>
          )}
        </SliderTrack>
      </Slider>
      {!compact && <span className="w-10">{formatDuration(duration)}</span>}
    </div>
  );
}

/** "Normalise volume": plays each track at its measured loudness (the engine's setNormalize). */
export function NormalizeButton() {
  const { trans } = useTrans();
  const on = usePlayerState((s) => s.normalize);
  return (
    <Button
      variant="icon"
      aria-label={trans('Normalise volume')}
      aria-pressed={on}
      onPress={() => getPlayer().setNormalize(!on)}
      className={cx(on && toggledClass)}
    >
      <AudioLines aria-hidden="true" />
    </Button>
  );
}

/**
 * "Data saver": from the next song, songs stream as 96 kbps transcodes (the engine's
 * setDataSaver); for phones on mobile data.
 */
export function DataSaverButton() {
  const { trans } = useTrans();
  const on = usePlayerState((s) => s.dataSaver);
  return (
    <Button
      variant="icon"
      aria-label={trans('Data saver')}
      aria-pressed={on}
      onPress={() => getPlayer().setDataSaver(!on)}
      className={cx(on && toggledClass)}
    >
      <Gauge aria-hidden="true" />
    </Button>
  );
}

export function VolumeControl({ className }: { className?: string }) {
  const { trans } = useTrans();
  const volume = usePlayerState((s) => s.volume);
  const muted = usePlayerState((s) => s.muted);
  const shown = muted ? 0 : volume;
  const Icon = shown === 0 ? VolumeX : shown < 0.5 ? Volume1 : Volume2;
  return (
    <div className={cx('flex items-center gap-1', className)}>
      <NormalizeButton />
      <DataSaverButton />
      <Button
        variant="icon"
        aria-label={muted ? trans('Unmute') : trans('Mute')}
        onPress={() => getPlayer().toggleMute()}
      >
        <Icon aria-hidden="true" />
      </Button>
      <Slider
        aria-label={trans('Volume')}
        minValue={0}
        maxValue={1}
        step={0.05}
        // Announced as "80%", not "0.8".
        formatOptions={{ style: 'percent', maximumFractionDigits: 0 }}
        value={shown}
        onChange={(v) => getPlayer().setVolume(v as number)}
        className="group w-24 py-2"
      >
        <SliderTrack className={sliderTrack}>
          {({ state }) => (
            <>
              <div
                className="absolute inset-y-0 left-0 rounded-full bg-fg group-data-hovered:bg-primary"
                style={{ width: `${state.getThumbPercent(0) * 100}%` }}
              />
              <SliderThumb className={sliderThumb} />
            </>
          )}
        </SliderTrack>
      </Slider>
    </div>
  );
}
