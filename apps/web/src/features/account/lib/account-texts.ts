import { AVATAR_TOO_LARGE_MESSAGE, AVATAR_TYPE_NOT_ALLOWED_MESSAGE, msg } from '@zema/contracts';

/**
 * SPEC §5 and §8 texts of the account settings page: catalogue sources, translated where shown
 * (`trans(ACCOUNT_TEXTS.never)`).
 */
export const ACCOUNT_TEXTS = {
  pageTitle: msg('Account settings'),
  updatedDetails: msg('Updated account details'),
  uploadedAvatar: msg('Uploaded avatar'),
  removedAvatar: msg('Removed avatar'),
  avatarTypeNotAllowed: AVATAR_TYPE_NOT_ALLOWED_MESSAGE,
  avatarTooLarge: AVATAR_TOO_LARGE_MESSAGE,
  selectImage: msg('Please select an image.'),
  passwordUpdated: msg('Password updated'),
  otherSessionsEnded: msg('Logged out other sessions'),
  notConnected: msg('Not connected'),
  unknownLocation: msg('Unknown location'),
  never: msg('Never'),
} as const;

/** The panels in page order, with their SPEC §2 anchors; the sidebar translates the labels. */
export const PANELS = [
  { id: 'account-details', label: msg('Account details') },
  { id: 'social-login', label: msg('Social login') },
  { id: 'password', label: msg('Password') },
  { id: 'two-factor', label: msg('Two-factor authentication') },
  { id: 'sessions', label: msg('Active sessions') },
  { id: 'browser-notifications', label: msg('Browser notifications') },
  { id: 'location-and-language', label: msg('Location and language') },
  { id: 'connected-apps', label: msg('Connected apps') },
  { id: 'developers', label: msg('Developers') },
  { id: 'delete-account', label: msg('Delete account') },
] as const;
export type PanelId = (typeof PANELS)[number]['id'];
