import { hasPermission, PERMISSIONS } from '@zema/contracts';
import { useEffect } from 'react';
import { useBootstrapOrNull } from '#src/lib/bootstrap-store';
import type { QueueSync } from '../lib/queue-sync';
import { getPlayer } from '../lib/use-player';

/**
 * Keeps the player's queue in step with the server's copy, the one the listener's Subsonic apps
 * read and save too (lib/queue-sync.ts), from sign-in to sign-out of a user with music.view.
 * Mounted once by the app's entry (main.tsx), beside the router. The sync and its operations load
 * only then: a visitor's first view never carries them (decision 0056), and a visitor's queue
 * stays in this browser.
 */
export function PlayerQueueSync() {
  const user = useBootstrapOrNull()?.user ?? null;
  const userId = user && hasPermission(user, PERMISSIONS.musicView) ? user.id : null;

  useEffect(() => {
    if (userId === null) return;
    let sync: QueueSync | null = null;
    let cancelled = false;
    void import('../lib/queue-sync').then(({ startQueueSync }) => {
      if (!cancelled) sync = startQueueSync({ player: getPlayer(), userId });
    });
    return () => {
      cancelled = true;
      sync?.stop();
    };
  }, [userId]);

  return null;
}
