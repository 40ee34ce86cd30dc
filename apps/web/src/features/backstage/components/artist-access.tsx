import {
  type BackstageArtist,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLE_PERMISSIONS,
  WORKSPACE_ROLES,
  type WorkspacePermission,
} from '@zema/contracts';
import { Eye } from 'lucide-react';

/** The workspace permission that changes a team's catalogue: artists, tracks, albums, uploads, releases. */
const EDIT: WorkspacePermission = 'workspace_catalogue.update';

/**
 * Whether the caller may change `artist` here. In the personal workspace they work on it through
 * their own link; in a team workspace by the role they act by there (`artist.workspace.role`, as
 * the server answered it), so a Viewer sees the backstage read-only. The server refuses such a
 * write anyway (403): the screens match it instead of offering a Save that cannot succeed.
 */
export function canEditArtist(artist: Pick<BackstageArtist, 'workspace'>): boolean {
  return !artist.workspace || WORKSPACE_ROLE_PERMISSIONS[artist.workspace.role].includes(EDIT);
}

/** The least role that may edit ("Editor"): what a Viewer asks for. */
const EDITING_ROLE = [...WORKSPACE_ROLES].reverse().find((r) => WORKSPACE_ROLE_PERMISSIONS[r].includes(EDIT));

const withArticle = (word: string) => `${/^[AEIOU]/i.test(word) ? 'an' : 'a'} ${word}`;

/**
 * The role the caller has, what it lets them do, and who can change it; null when they may edit.
 * `can` completes "you can …": "see this artist but not change it".
 */
export function readOnlyMessage(artist: BackstageArtist, can: string): string | null {
  if (!artist.workspace || canEditArtist(artist)) return null;
  const role = WORKSPACE_ROLE_LABELS[artist.workspace.role];
  const wanted = EDITING_ROLE ? ` for the ${WORKSPACE_ROLE_LABELS[EDITING_ROLE]} role` : '';
  return `You are ${withArticle(role)} in ${artist.workspace.name}: you can ${can}. Ask the workspace's owner or an admin${wanted}.`;
}

/** What a read-only page says on top (`readOnlyMessage`); nothing to whoever may edit. */
export function ReadOnlyNotice({ artist, can }: { artist: BackstageArtist | null | undefined; can: string }) {
  const message = artist ? readOnlyMessage(artist, can) : null;
  if (!message) return null;
  return (
    <p
      role="note"
      className="flex items-start gap-3 rounded-theme border border-divider bg-bg-alt px-4 py-3 text-sm text-fg"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
      <span>{message}</span>
    </p>
  );
}
