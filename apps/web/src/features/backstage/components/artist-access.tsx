import {
  type BackstageArtist,
  msg,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLE_PERMISSIONS,
  WORKSPACE_ROLES,
  type WorkspacePermission,
} from '@zema/contracts';
import { Eye } from 'lucide-react';
import { type TransFn, useTrans } from '#src/lib/i18n';

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

/**
 * The sentence a read-only page says, one message per page: the role the caller has (`{role}`, the
 * role's key for a select), the workspace (`{workspace}`), what the role lets them do there, and the
 * role to ask for (`{editingRole}`).
 */
export const READ_ONLY_MESSAGES = {
  artist: msg(
    "You are {role, select, owner {an Owner} admin {an Admin} editor {an Editor} other {a Viewer}} in {workspace}: you can see this artist but not change it. Ask the workspace's owner or an admin for the {editingRole} role.",
  ),
  artists: msg(
    "You are {role, select, owner {an Owner} admin {an Admin} editor {an Editor} other {a Viewer}} in {workspace}: you can see its artists, their music and insights, but not change them. Ask the workspace's owner or an admin for the {editingRole} role.",
  ),
  tracks: msg(
    "You are {role, select, owner {an Owner} admin {an Admin} editor {an Editor} other {a Viewer}} in {workspace}: you can see this artist's tracks but not change them. Ask the workspace's owner or an admin for the {editingRole} role.",
  ),
  albums: msg(
    "You are {role, select, owner {an Owner} admin {an Admin} editor {an Editor} other {a Viewer}} in {workspace}: you can see this artist's albums but not change them. Ask the workspace's owner or an admin for the {editingRole} role.",
  ),
  release: msg(
    "You are {role, select, owner {an Owner} admin {an Admin} editor {an Editor} other {a Viewer}} in {workspace}: you can see this release but not change or publish it. Ask the workspace's owner or an admin for the {editingRole} role.",
  ),
  upload: msg(
    "You are {role, select, owner {an Owner} admin {an Admin} editor {an Editor} other {a Viewer}} in {workspace}: you can see this artist's releases but not upload music. Ask the workspace's owner or an admin for the {editingRole} role.",
  ),
};

/**
 * The role the caller has, what it lets them do, and who can change it; null when they may edit.
 * `message` is one of `READ_ONLY_MESSAGES`.
 */
export function readOnlyMessage(artist: BackstageArtist, message: string, trans: TransFn): string | null {
  if (!artist.workspace || canEditArtist(artist)) return null;
  return trans(message, {
    role: artist.workspace.role,
    workspace: artist.workspace.name,
    editingRole: trans(WORKSPACE_ROLE_LABELS[EDITING_ROLE ?? 'editor']),
  });
}

/** What a read-only page says on top (`readOnlyMessage`); nothing to whoever may edit. */
export function ReadOnlyNotice({
  artist,
  message: source,
}: {
  artist: BackstageArtist | null | undefined;
  message: string;
}) {
  const { trans } = useTrans();
  const message = artist ? readOnlyMessage(artist, source, trans) : null;
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
