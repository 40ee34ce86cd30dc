import { useQueries } from '@tanstack/react-query';
import { DEFAULT_WORKSPACE_ID, PERMISSIONS } from '@zema/contracts';
import { useEffect } from 'react';
import { useActiveWorkspaceId, useSwitchWorkspace } from '#src/lib/active-workspace';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { ForbiddenPage } from '#src/ui/forbidden-page';
import { LoadingPage } from '#src/ui/loading-page';
import { toast } from '#src/ui/toast';
import { useWorkspaces } from '../api/list-workspaces';
import { workspaceArtistsQueryOptions } from '../api/workspace-artists';

/**
 * Which of the caller's other workspaces holds `artistId` in its backstage: each is asked with the
 * backstage's own call naming it (decision 0035), the personal one only for someone with a
 * backstage of their own. `settled` once every answer is in.
 */
export function useOtherWorkspaceWithArtist(artistId: number) {
  const auth = useAuth();
  const activeId = useActiveWorkspaceId();
  const list = useWorkspaces(auth.isLoggedIn);
  const candidates = (list.data ?? []).filter(
    (w) =>
      w.id !== activeId && (w.id !== DEFAULT_WORKSPACE_ID || auth.hasPermission(PERMISSIONS.backstageAccess)),
  );
  const answers = useQueries({ queries: candidates.map((w) => workspaceArtistsQueryOptions(w.id)) });
  const index = answers.findIndex((a) => a.data?.some((artist) => artist.id === artistId));
  return {
    workspace: index >= 0 ? candidates[index] : undefined,
    settled: !list.isPending && answers.every((a) => !a.isPending),
  };
}

/**
 * An artist's backstage page opened while a workspace that does not hold it is active (a link
 * from a teammate, a bookmark, another tab): switches to the workspace of the caller's that holds
 * it and says so, so the page shows; when none does, says why not and what to do.
 */
export function OpenArtistWorkspace({ artistId }: { artistId: number }) {
  const { trans } = useTrans();
  const { workspace, settled } = useOtherWorkspaceWithArtist(artistId);
  const switchTo = useSwitchWorkspace();
  const target = workspace ? { id: workspace.id, name: workspace.name } : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: switches once per workspace found, not per render.
  useEffect(() => {
    if (!target) return;
    switchTo(target.id);
    toast.positive(trans('Switched to {name} to open this artist', { name: target.name }));
  }, [target?.id]);
  if (target || !settled) return <LoadingPage />;
  return (
    <ForbiddenPage
      title={trans("You can't open this artist")}
      reason={trans(
        'It is not shared with any workspace you belong to, so its backstage is not yours to see.',
      )}
      advice={trans(
        "Ask the artist's manager to share it with your team's workspace, or ask the owner of the workspace that has it for an invitation.",
      )}
      actions={
        <>
          <LinkButton href={paths.backstage()}>{trans('Go to the backstage')}</LinkButton>
          <LinkButton href={paths.home()} variant="outline">
            {trans('Go to the home page')}
          </LinkButton>
        </>
      }
    />
  );
}
