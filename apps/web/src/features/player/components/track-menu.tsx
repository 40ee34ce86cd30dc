import type { Track } from '@zema/contracts';
import { MoreHorizontal } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { LazyCreatePlaylistDialog } from '#src/features/library';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { LazyMenuTrigger, lazyMenu } from '#src/ui/lazy-menu';

const TrackMenuItems = lazyMenu(() => import('./track-menu-items').then((m) => m.TrackMenuItems));

// The dialogs load when first shown ("New playlist" brings the form kit, react-hook-form), so
// every page with a track list stays inside the JavaScript budget (docs/benchmarks.md).
const UpgradeDialog = lazy(() =>
  import('#src/components/upgrade-dialog').then((m) => ({ default: m.UpgradeDialog })),
);

export interface TrackMenuProps {
  track: Track;
  /** Shown as "Remove from this playlist" when the row belongs to an editable playlist. */
  onRemove?: () => void;
}

/**
 * The "More options" button of a track row and its menu (`track-menu-items.tsx`, loaded when a
 * row's menu first opens or the pointer reaches a button).
 */
export function TrackMenu({ track, onRemove }: TrackMenuProps) {
  const { trans } = useTrans();
  const [creating, setCreating] = useState(false);
  const [upgrading, setUpgrading] = useState(false);

  return (
    <>
      <LazyMenuTrigger
        menu={TrackMenuItems}
        menuProps={{
          track,
          onRemove,
          onCreatePlaylist: () => setCreating(true),
          onUpgrade: () => setUpgrading(true),
        }}
      >
        {(trigger) => (
          <Button
            {...trigger}
            variant="icon"
            size="sm"
            aria-label={trans('More options for {name}', { name: track.name })}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        )}
      </LazyMenuTrigger>
      {creating && (
        <Suspense fallback={null}>
          <LazyCreatePlaylistDialog isOpen onOpenChange={setCreating} trackIds={[track.id]} />
        </Suspense>
      )}
      {upgrading && (
        <Suspense fallback={null}>
          <UpgradeDialog feature={trans('Downloads')} isOpen onOpenChange={setUpgrading} />
        </Suspense>
      )}
    </>
  );
}
