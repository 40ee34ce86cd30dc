import type { Deps } from '#src/deps';
import { publishDueReleases } from '#src/features/backstage/releases.service';
import type { ScheduledTask } from '#src/platform/schedule';

/** The server's periodic work (decision 0028); each task is safe on several instances at once. */
export function scheduledTasks(deps: Deps): ScheduledTask[] {
  return [
    // A release scheduled for a date goes live within a minute of it.
    { name: 'publish-due-releases', everyMs: 60_000, run: () => publishDueReleases(deps) },
  ];
}
