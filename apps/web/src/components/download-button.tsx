import { PERMISSIONS } from '@zema/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button, type ButtonSize, LinkButton } from '#src/ui/button';
import { UpgradeDialog } from './upgrade-dialog';

export type DownloadState = 'hidden' | 'download' | 'upgrade';

/**
 * What the Download button does (decision 0044): nothing to show where the artists do not allow
 * downloads; a plain download link with `music.download`; without it, the upgrade dialog while
 * billing is on (there is a plan to buy), else nothing.
 */
export function downloadState(opts: {
  url: string | null | undefined;
  canDownload: boolean;
  billingEnabled: boolean;
}): DownloadState {
  if (!opts.url) return 'hidden';
  if (opts.canDownload) return 'download';
  return opts.billingEnabled ? 'upgrade' : 'hidden';
}

export function useDownloadState(url: string | null | undefined): DownloadState {
  const auth = useAuth();
  const settings = useSettings();
  return downloadState({
    url,
    canDownload: auth.isLoggedIn && auth.hasPermission(PERMISSIONS.musicDownload),
    billingEnabled: settings.billing.enable,
  });
}

export interface DownloadButtonProps {
  /** The item's `download_url` (null when its artists do not allow downloads). */
  url: string | null | undefined;
  /** The item's name, for the accessible label. */
  name: string;
  size?: ButtonSize;
}

/** The Download button of the track page and the album page's header. */
export function DownloadButton({ url, name, size = 'lg' }: DownloadButtonProps) {
  const { trans } = useTrans();
  const state = useDownloadState(url);
  const [upgrading, setUpgrading] = useState(false);
  const label = trans('Download {name}', { name });
  if (state === 'hidden' || !url) return null;
  if (state === 'download')
    return (
      // A plain anchor with `download`: the browser saves the answer (its Content-Disposition
      // names the file), the page stays, and an album's zip streams straight to disk.
      <LinkButton variant="icon" size={size} href={url} download aria-label={label}>
        <Download aria-hidden="true" />
      </LinkButton>
    );
  return (
    <>
      <Button
        variant="icon"
        size={size}
        aria-label={label}
        aria-haspopup="dialog"
        onPress={() => setUpgrading(true)}
      >
        <Download aria-hidden="true" />
      </Button>
      <UpgradeDialog feature={trans('Downloads')} isOpen={upgrading} onOpenChange={setUpgrading} />
    </>
  );
}
