import { useTrans } from '#src/lib/i18n';
import { useUploadUsage } from '../api/get-upload-usage';

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** Bytes in the reader's language: GB from one gigabyte up, else MB. */
export function formatStorage(bytes: number, language: string): string {
  const [value, unit] = bytes >= GB ? [bytes / GB, 'gigabyte'] : [bytes / MB, 'megabyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/**
 * The upload area's storage line: what the artist's files fill and the quota their
 * roles or plan give (the larger wins), so a plan's higher quota shows here at once.
 */
export function UploadQuota() {
  const { trans, language } = useTrans();
  const usage = useUploadUsage();
  if (!usage.data) return null;
  const { used_bytes: used, quota_bytes: quota } = usage.data;
  const usedText = formatStorage(used, language);
  if (quota === null)
    return <p className="text-sm text-muted">{trans(':used used · no storage limit', { used: usedText })}</p>;
  const label = trans(':used of :quota used', { used: usedText, quota: formatStorage(quota, language) });
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
