import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { useUploadUsage } from '../api/get-upload-usage';

// Storage is counted in megabytes at the least: a quota reads "0.3 MB of 1 GB", never in KB.
const STORAGE = { minUnit: 'MB' } as const;

/**
 * The upload area's storage line: what the artist's files fill and the quota their
 * roles or plan give (the larger wins), so a plan's higher quota shows here at once.
 */
export function UploadQuota() {
  const { trans } = useTrans();
  const format = useFormat();
  const usage = useUploadUsage();
  if (!usage.data) return null;
  const { used_bytes: used, quota_bytes: quota } = usage.data;
  const usedText = format.bytes(used, STORAGE);
  if (quota === null)
    return (
      <p className="text-sm text-muted">{trans('{used} used · no storage limit', { used: usedText })}</p>
    );
  const label = trans('{used} of {quota} used', { used: usedText, quota: format.bytes(quota, STORAGE) });
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <p className="text-muted">{label}</p>
      <progress
        aria-label={trans('Storage used')}
        value={Math.min(used, quota)}
        max={Math.max(quota, 1)}
        className="h-2 w-full max-w-md overflow-hidden rounded-full accent-primary"
      />
    </div>
  );
}
