import { Download } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { listExportUrl } from '#src/lib/list-params';
import { buttonClass } from '#src/ui/button';

/**
 * "Export CSV" of an admin list: a download of every row of the current filter (`path` is the
 * list's export route, `query` the list's API query; its page window is dropped).
 */
export function ExportCsvLink({ path, query }: { path: string; query: Record<string, string> }) {
  const { trans } = useTrans();
  return (
    <a href={listExportUrl(path, query)} download className={buttonClass({ variant: 'outline', size: 'md' })}>
      <Download aria-hidden className="size-4" />
      {trans('Export CSV')}
    </a>
  );
}
