import { AVATAR_TOO_LARGE_MESSAGE, AVATAR_TYPE_NOT_ALLOWED_MESSAGE } from '@zema/contracts';

/** SPEC §5 and §8 texts of the account settings page. */
export const ACCOUNT_TEXTS = {
  pageTitle: 'Account settings',
  updatedDetails: 'Updated account details',
  uploadedAvatar: 'Uploaded avatar',
  removedAvatar: 'Removed avatar',
  avatarTypeNotAllowed: AVATAR_TYPE_NOT_ALLOWED_MESSAGE,
  avatarTooLarge: AVATAR_TOO_LARGE_MESSAGE,
  selectImage: 'Please select an image.',
  passwordUpdated: 'Password updated',
  otherSessionsEnded: 'Logged out other sessions',
  notConnected: 'Not connected',
  unknownLocation: 'Unknown location',
  never: 'Never',
} as const;

/** The panels in page order, with their SPEC §2 anchors. */
export const PANELS = [
  { id: 'account-details', label: 'Account details' },
  { id: 'social-login', label: 'Social login' },
  { id: 'password', label: 'Password' },
  { id: 'two-factor', label: 'Two-factor authentication' },
  { id: 'sessions', label: 'Active sessions' },
  { id: 'browser-notifications', label: 'Browser notifications' },
  { id: 'location-and-language', label: 'Location and language' },
  { id: 'developers', label: 'Developers' },
  { id: 'delete-account', label: 'Delete account' },
] as const;
export type PanelId = (typeof PANELS)[number]['id'];
