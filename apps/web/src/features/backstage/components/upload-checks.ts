import { uploadQuotaMessage } from '@zema/contracts';

/**
 * Whether a file of `size` bytes fits the caller's storage as GET uploads/usage just answered it,
 * judged the way the server judges it when the upload is created (SPEC §6: usage at or above the
 * quota is over it, whatever the file), in the server's words. The refusal to show, or null. The
 * server checks again: this only spares sending a file it would refuse.
 */
export function storageRefusal(
  size: number,
  usage: { used_bytes: number; quota_bytes: number | null },
): string | null {
  const { used_bytes: used, quota_bytes: quota } = usage;
  if (quota === null || (used < quota && used + size <= quota)) return null;
  // The usage answer does not tell unfinished uploads apart: they are counted in `used`.
  return uploadQuotaMessage({ size, used, pending: 0, quota });
}
