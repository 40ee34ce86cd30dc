import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { ArtistLinks } from '#src/components/artist-links';
import { LikeButton } from '#src/features/library';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { useCurrentTrack } from '../lib/use-player';
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
import { Artwork, QueueDialog } from './player-parts';

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
              {track && (
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
