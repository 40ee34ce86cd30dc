import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { buttonClass } from '#src/ui/button';
import { CopyButton } from '#src/ui/copy-button';
import { TWO_FACTOR_PANEL_TEXTS } from '../lib/two-factor-state';

/** The plain recovery codes, shown once (after confirming or regenerating): list, copy, download. */
export function RecoveryCodes({ codes, siteName }: { codes: string[]; siteName: string }) {
  const { trans } = useTrans();
  const text = `${codes.join('\n')}\n`;
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  const fileName = `${siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'recovery'}-recovery-codes.txt`;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium">{trans(TWO_FACTOR_PANEL_TEXTS.recoveryCodes)}</p>
      <ul
        aria-label={trans('Recovery codes')}
        className="grid gap-1 rounded-theme border border-divider bg-bg-alt px-4 py-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label={trans('Copy codes')} size="sm" />
        {href && (
          <a href={href} download={fileName} className={buttonClass({ variant: 'outline', size: 'sm' })}>
            <Download aria-hidden="true" className="size-4" />
            {trans('Download')}
          </a>
        )}
      </div>
    </div>
  );
}
