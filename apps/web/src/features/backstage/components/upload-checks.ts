import type { TransFn } from '#src/lib/i18n';

/**
 * Whether a file of `size` bytes fits the caller's storage as GET uploads/usage just answered it,
 * judged the way the server judges it when the upload is created (SPEC §6: usage at or above the
 * quota is over it, whatever the file), in the server's words (contracts `uploadQuotaMessage`),
 * translated. The refusal to show, or null. The server checks again: this only spares sending a
 * file it would refuse. `bytes` formats a size (`useFormat().bytes`).
 */
export function storageRefusal(
  size: number,
  usage: { used_bytes: number; quota_bytes: number | null },
  { trans, bytes }: { trans: TransFn; bytes: (bytes: number) => string },
): string | null {
  const { used_bytes: used, quota_bytes: quota } = usage;
  if (quota === null || (used < quota && used + size <= quota)) return null;
  // The usage answer does not tell unfinished uploads apart: they are counted in `used`.
  if (used >= quota)
    return trans('Your storage is full: {used} of {quota} used. Delete files or ask for more space.', {
      used: bytes(used),
      quota: bytes(quota),
    });
  if (size > quota)
    return trans('This file ({size}) is larger than your storage quota of {quota}. Ask for more space.', {
      size: bytes(size),
      quota: bytes(quota),
    });
  return trans(
    'This file ({size}) does not fit in your storage: {used} of {quota} used. Delete files or ask for more space.',
    { size: bytes(size), used: bytes(used), quota: bytes(quota) },
  );
}
