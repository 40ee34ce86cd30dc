/** The workspaces feature's face: what other features and app/ use of it. */
export { useDeclineInvite } from './api/decline-invite';
export { useJoinWorkspace } from './api/join-workspace';
export { useInvitePreview } from './api/preview-invite';
export { InvalidInvite, InviteSummary } from './components/invite-summary';
export { OpenArtistWorkspace } from './components/open-artist-workspace';
export { WorkspaceSwitcher } from './components/workspace-switcher';
export { joinAfterSignIn } from './lib/join-after-sign-in';
