import { lazy, Suspense, useEffect, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Dialog } from '#src/ui/dialog';
import { handleShortcut, SHORTCUTS } from '../lib/shortcuts';
import { getPlayer, usePlayerState } from '../lib/use-player';

// Loaded only once something plays outside the player layout, so the landing page stays light.
const CompactPlayerBar = lazy(() => import('./player-bar').then((m) => ({ default: m.CompactPlayerBar })));

/** Keyboard shortcut help (opened with ?). */
export function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trans } = useTrans();
  return (
    <Dialog title={trans('Keyboard shortcuts')} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 pb-2">
        {SHORTCUTS.map((s) => (
          <div key={s.keys} className="contents">
            <dt>
              <kbd className="rounded border border-divider bg-bg-alt px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">
                {s.keys}
              </kbd>
            </dt>
            <dd className="text-fg">{trans(s.label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/**
 * Mounted once at the root of the app: keeps the engine alive across pages, listens to keyboard
 * shortcuts and, where asked (outside the player layout, which has its own player bar), shows a
 * compact bar while something is loaded.
 */
export function GlobalPlayer({ compactBar }: { compactBar: boolean }) {
  const [helpOpen, setHelpOpen] = useState(false);
  const hasTrack = usePlayerState((s) => s.index >= 0);

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
      {hasTrack && compactBar && (
        <Suspense fallback={null}>
          <CompactPlayerBar />
        </Suspense>
      )}
      <ShortcutsDialog isOpen={helpOpen} onOpenChange={setHelpOpen} />
    </>
  );
}
