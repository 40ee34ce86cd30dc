import { useTrans } from '#src/lib/i18n';
import { Dialog } from '#src/ui/dialog';
import { SHORTCUTS } from '../lib/shortcuts';

/** Keyboard shortcut help (opened with ?). */
export function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trans } = useTrans();
  return (
    <Dialog title={trans('Keyboard shortcuts')} isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 pb-2">
        {SHORTCUTS.map((s) => (
          <div key={s.keys} className="contents">
            <dt>
              <kbd className="rounded border border-divider bg-bg-alt px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">
                {trans(s.keys)}
              </kbd>
            </dt>
            <dd className="text-fg">{trans(s.label)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
