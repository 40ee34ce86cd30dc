/** The workspaces feature's face: what other features and app/ use of it. */
export { useDeclineInvite } from './api/decline-invite';
export { useJoinWorkspace } from './api/join-workspace';
export { useInvitePreview } from './api/preview-invite';
export { InvalidInvite, InviteSummary } from './components/invite-summary';
export { LazyCreateWorkspaceDialog } from './components/lazy-create-workspace-dialog';
export { OpenArtistWorkspace } from './components/open-artist-workspace';
export { WorkspaceMenuSections, WorkspaceSwitcher } from './components/workspace-switcher';
export { joinAfterSignIn } from './lib/join-after-sign-in';
export { useDropStaleWorkspace } from './lib/use-drop-stale-workspace';
export { useWorkspaceChoices } from './lib/use-workspace-choices';
