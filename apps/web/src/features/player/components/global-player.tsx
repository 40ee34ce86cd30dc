import { lazy, Suspense, useEffect, useState } from 'react';
import { handleShortcut } from '../lib/shortcuts';
import { getPlayer, usePlayerLoaded, usePlayerState } from '../lib/use-player';

// Loaded only once something plays outside the player layout, so the landing page stays light.
const CompactPlayerBar = lazy(() => import('./player-bar').then((m) => ({ default: m.CompactPlayerBar })));
// Loaded the first time ? is pressed: a dialog is not part of any page's first load.
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

/**
 * Mounted once at the root of the app: keeps the engine alive across pages, listens to keyboard
 * shortcuts and, where asked (outside the player layout, which has its own player bar), shows a
 * compact bar while something is loaded.
 */
export function GlobalPlayer({ compactBar }: { compactBar: boolean }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const hasTrack = usePlayerLoaded();

  useEffect(() => {
    const player = getPlayer();
    const onKey = (e: KeyboardEvent) => {
      // A modal (other than ours) owns the keyboard while it is open.
      if (
        document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]') &&
        e.key !== '?'
      ) {
        if (!(e.target instanceof Element && e.target.closest('[data-now-playing]'))) return;
      }
      if (handleShortcut(e, player, () => setHelpOpen(true))) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <LiveStationFeed />
      {hasTrack && compactBar && (
        <Suspense fallback={null}>
          <CompactPlayerBar />
        </Suspense>
      )}
      {helpOpen && (
        <Suspense fallback={null}>
          <ShortcutsDialog isOpen onOpenChange={setHelpOpen} />
        </Suspense>
      )}
    </>
  );
}

/**
 * While a radio station plays, its now-playing events keep the bar and the lock screen on the song
 * on air, on every page. A paused station is not followed: play catches up with it.
 */
function LiveStationFeed() {
  const slug = usePlayerState((s) =>
    s.live?.station.has_now_playing && s.status !== 'paused' ? s.live.station.slug : null,
  );
  useEffect(() => {
    if (!slug) return;
    // The feed (and the radio's contracts) load with the first station played, not with every page.
    let stop: (() => void) | null = null;
    let left = false;
    void import('../lib/station-feed').then(({ followStation }) => {
      if (left) return;
      stop = followStation(slug, (nowPlaying) => getPlayer().setLiveNowPlaying(slug, nowPlaying));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [slug]);
  return null;
}
