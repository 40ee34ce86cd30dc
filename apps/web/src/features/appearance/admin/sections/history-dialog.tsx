import type { AppearanceEditorResponse } from '@zema/contracts/appearance/appearance-admin';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { DateTime } from '#src/ui/date-time';
import { Dialog } from '#src/ui/dialog';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useAppearanceHistory, useRestoreAppearanceVersion } from '../../api/appearance-editor';

/**
 * Published versions with who and when; one click publishes an earlier one again. The oldest may
 * be the look the site started with, kept by its first publish.
 */
export function HistoryDialog({
  isOpen,
  onOpenChange,
  onRestored,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onRestored: (state: AppearanceEditorResponse) => void;
}) {
  const { trans } = useTrans();
  const history = useAppearanceHistory(isOpen);
  const restore = useRestoreAppearanceVersion();
  const versions = history.data?.versions ?? [];
  return (
    <Dialog title={trans('Published versions')} isOpen={isOpen} onOpenChange={onOpenChange} size="md">
      {history.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : versions.length === 0 ? (
        <p className="py-4 text-muted text-sm">{trans('Nothing has been published from the editor yet.')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-divider">
          {versions.map((version, index) => (
            <li key={version.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">
                  {version.original
                    ? trans('Version {id}: the look before the first publish', { id: version.id })
                    : trans('Version {id}', { id: version.id })}
                  {index === 0 && <span className="ml-2 text-positive text-xs">{trans('Live')}</span>}
                </p>
                <p className="text-muted text-xs">
                  <DateTime iso={version.published_at} />
                  {/* Independent facts, one after the other: when, who, what it brought back. */}
                  {version.published_by && ` · ${version.published_by.name}`}
                  {version.restored_from !== null &&
                    ` · ${trans('Rolled back to version {id}', { id: version.restored_from })}`}
                </p>
              </div>
              {index > 0 && (
                <Button
                  variant="outline"
                  size="sm"
                  isPending={restore.isPending && restore.variables === version.id}
                  onPress={async () => {
                    try {
                      onRestored(await restore.mutateAsync(version.id));
                      onOpenChange(false);
                    } catch (err) {
                      toast.danger(err instanceof ApiError ? err.message : trans('Could not roll back.'));
                    }
                  }}
                >
                  {trans('Restore version {id}', { id: version.id })}
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
