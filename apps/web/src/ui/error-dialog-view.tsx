import { type DebugErrorPayload, msg } from '@zema/contracts';
import { Download } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { buttonClass } from './button';
import { Dialog } from './dialog';
import { ErrorDetails } from './error-frames';

/** SPEC §7: the newest error log. */
const ERROR_LOG_DOWNLOAD_URL = '/api/v1/logs/error/download-latest';
const ERROR_DIALOG_TITLE = msg('An error occured');

/** The full-screen error dialog (SPEC §7), loaded by `ErrorDialogHost` when an error is shown. */
export default function ErrorDialogView({
  payload,
  onClose,
}: {
  payload: DebugErrorPayload;
  onClose: () => void;
}) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="fullscreen"
      title={trans(ERROR_DIALOG_TITLE)}
      bodyClassName="flex flex-col gap-4 px-0 md:px-6"
      footer={
        <a href={ERROR_LOG_DOWNLOAD_URL} download className={buttonClass({ variant: 'outline' })}>
          <Download aria-hidden="true" className="size-4" />
          {trans('Download log')}
        </a>
      }
    >
      {/* A new payload remounts the view so the selection starts from its first app frame. */}
      <ErrorDetails key={payloadKey(payload)} payload={payload} />
    </Dialog>
  );
}

function payloadKey(p: DebugErrorPayload): string {
  return `${p.exception}:${p.message}:${p.trace.length}`;
}
