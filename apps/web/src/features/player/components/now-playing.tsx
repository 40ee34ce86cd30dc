import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { Link } from 'react-router';
import { ArtistLinks } from '#src/components/artist-links';
import { LikeButton } from '#src/features/library';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import type { LiveStation } from '../lib/audio-engine';
import { useCurrentTrack, useLiveStation } from '../lib/use-player';
import {
  NextButton,
  PlayPauseButton,
  PreviousButton,
  QueueButton,
  RepeatButton,
  SeekBar,
  ShuffleButton,
  VolumeControl,
} from './player-controls';
import { Artwork, LiveBadge, QueueDialog, StationArtwork } from './player-parts';

/** Full-screen now-playing view (mobile): big artwork, seek, transport, volume and the queue. */
export function NowPlayingView({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trans } = useTrans();
  const track = useCurrentTrack();
  const live = useLiveStation();
  const [queueOpen, setQueueOpen] = useState(false);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 bg-bg"
    >
      <Modal className="h-(--visual-viewport-height) w-full outline-none">
        <RACDialog
          aria-label={trans('Now playing')}
          data-now-playing
          className="flex h-full flex-col gap-4 overflow-y-auto bg-bg p-4 text-fg outline-none"
        >
          {({ close }) => (
            <>
              <div className="flex items-center gap-2">
                <Button variant="icon" aria-label={trans('Close now playing')} onPress={close}>
                  <ChevronDown aria-hidden="true" />
                </Button>
                <Heading slot="title" className="flex-1 text-center text-sm font-semibold">
                  {trans('Now playing')}
                </Heading>
                <QueueButton isOpen={queueOpen} onPress={() => setQueueOpen(true)} />
              </div>
              {live && <LiveView live={live} onNavigate={close} />}
              {!live && track && (
                <>
                  <Artwork track={track} className="mx-auto aspect-square w-full max-w-sm shadow-lg" />
                  <div className="flex items-center gap-2">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-xl font-bold">{track.name}</p>
                      <ArtistLinks artists={track.artists} className="block text-sm text-muted" />
                    </div>
                    <LikeButton type="track" id={track.id} name={track.name} size="md" />
                  </div>
                  <SeekBar />
                  <div className="flex items-center justify-between">
                    <ShuffleButton />
                    <PreviousButton size="lg" />
                    <PlayPauseButton size="lg" />
                    <NextButton size="lg" />
                    <RepeatButton />
                  </div>
                  <VolumeControl className="justify-center" />
                </>
              )}
              <QueueDialog isOpen={queueOpen} onOpenChange={setQueueOpen} />
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** A radio station, full screen: its picture, the song on air, play and pause, and the volume. */
function LiveView({ live, onNavigate }: { live: LiveStation; onNavigate: () => void }) {
  const song = live.song;
  const track = song?.track;
  return (
    <>
      <StationArtwork live={live} className="mx-auto aspect-square w-full max-w-sm shadow-lg" />
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className="flex min-w-0 items-center gap-2 text-sm text-muted">
            <LiveBadge />
            <Link to={paths.radio(live.station)} onClick={onNavigate} className="truncate hover:underline">
              {live.station.name}
            </Link>
          </p>
          <p className="mt-1 truncate text-xl font-bold">{song?.title || live.station.name}</p>
          {song?.artist && <p className="truncate text-sm text-muted">{song.artist}</p>}
        </div>
        {track && <LikeButton type="track" id={track.id} name={track.name} size="md" />}
      </div>
      <div className="flex items-center justify-center">
        <PlayPauseButton size="lg" />
      </div>
      <VolumeControl className="justify-center" />
    </>
  );
}
