import { type EmbedKind, embedHeight, embedIframe, pagePaths } from '@zema/contracts';
import { useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { CopyButton } from '#src/ui/copy-button';
import { Dialog } from '#src/ui/dialog';
import { Checkbox } from '#src/ui/field';

export interface EmbedDialogProps {
  kind: EmbedKind;
  id: number;
  name: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Share → Embed: the iframe code of the thing's player, to paste into another site, with the
 * player itself as a preview (what visitors there will see and can play).
 */
export function EmbedDialog({ kind, id, name, isOpen, onOpenChange }: EmbedDialogProps) {
  const { trans } = useTrans();
  const [dark, setDark] = useState(false);
  const src = `${location.origin}${pagePaths.embed(kind, id)}${dark ? '?theme=dark' : ''}`;
  const code = embedIframe(src, kind, name);
  return (
    <Dialog title={trans('Embed {name}', { name })} size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {trans('Copy this code into your site to show a player. Visitors play what they could play here.')}
        </p>
        <iframe
          title={trans('Preview of the player')}
          src={src}
          height={embedHeight(kind)}
          className="w-full rounded-xl border-0"
        />
        <Checkbox isSelected={dark} onChange={setDark}>
          {trans('Dark theme')}
        </Checkbox>
        <label className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-fg">{trans('Embed code')}</span>
          <textarea
            readOnly
            value={code}
            rows={4}
            className="w-full resize-none rounded-theme border border-divider bg-bg-alt p-2 font-mono text-xs text-fg focus-visible:outline-2 focus-visible:outline-focus"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
        <div className="flex justify-end">
          <CopyButton text={code} label={trans('Copy code')} variant="primary" />
        </div>
      </div>
    </Dialog>
  );
}
