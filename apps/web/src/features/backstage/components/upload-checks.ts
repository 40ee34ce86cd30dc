import { formatUploadBytes } from '@zema/contracts';

/**
 * Whether a file of `size` bytes fits the caller's storage as GET uploads/usage just answered it,
 * judged the way the server judges it when the upload is created (SPEC §6: usage at or above the
 * quota is over it, whatever the file). The refusal to show, or null. The server checks again: this
 * only spares sending a file it would refuse.
 */
export function storageRefusal(
  size: number,
  usage: { used_bytes: number; quota_bytes: number | null },
): string | null {
  const { used_bytes: used, quota_bytes: quota } = usage;
  if (quota === null) return null;
  const of = `${formatUploadBytes(used)} of ${formatUploadBytes(quota)} used`;
  if (used >= quota) return `Your storage is full: ${of}. Delete files or ask for more space.`;
  if (used + size > quota)
    return `This file (${formatUploadBytes(size)}) does not fit in your storage: ${of}. Delete files or ask for more space.`;
  return null;
}
