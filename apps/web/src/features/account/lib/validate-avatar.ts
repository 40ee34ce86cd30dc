import { AVATAR_MAX_BYTES } from '@zema/contracts';
import { ACCOUNT_TEXTS } from './account-texts';

/** SPEC §5: image types only, at most 2 MB. Returns the message to show, or null when it may go up. */
export function validateAvatarFile(file: File | null | undefined): string | null {
  if (!file) return ACCOUNT_TEXTS.selectImage;
  if (!file.type.startsWith('image/')) return ACCOUNT_TEXTS.avatarTypeNotAllowed;
  if (file.size > AVATAR_MAX_BYTES) return ACCOUNT_TEXTS.avatarTooLarge;
  return null;
}
