import type { RadioNowPlaying, RadioStation } from '@zema/contracts';
import { Pause, Play } from 'lucide-react';
import { toggleStation, useStationPlayback } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { Spinner } from '#src/ui/spinner';

/**
 * Plays or pauses a station through the app's one player, so the radio goes on in the player bar
 * on every page. Named "Play {station}" whenever a press plays, "Pause {station}" while it is on.
 */
export function StationPlayButton({
  station,
  nowPlaying,
  size = 'lg',
  className,
}: {
  station: RadioStation;
  /** What the page knows of the song on air, for the bar until the station's next event. */
  nowPlaying?: Pick<RadioNowPlaying, 'song' | 'listeners'> | null;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const { trans } = useTrans();
  const { playing, connecting } = useStationPlayback(station.slug);
  const on = playing || connecting;
  const icon = size === 'lg' ? 'size-7' : 'size-5';
  return (
    <Button
      aria-label={
        on ? trans('Pause {name}', { name: station.name }) : trans('Play {name}', { name: station.name })
      }
      onPress={() => toggleStation(station, nowPlaying)}
      shape="circle"
      className={cx(size === 'lg' ? 'size-16' : 'size-12', className)}
    >
      {connecting ? (
        <Spinner size="sm" label={trans('Loading')} className="text-on-primary" />
      ) : on ? (
        <Pause aria-hidden="true" className={icon} fill="currentColor" />
      ) : (
        <Play aria-hidden="true" className={cx(icon, 'translate-x-px')} fill="currentColor" />
      )}
    </Button>
  );
}
