import type { EmbedKind } from '@zema/contracts';
import { Code, Link2, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button, type ButtonSize } from '#src/ui/button';
import { Menu, MenuItem, MenuTrigger } from '#src/ui/menu';
import { toast } from '#src/ui/toast';

const EmbedDialog = lazy(() => import('./embed-dialog').then((m) => ({ default: m.EmbedDialog })));

export interface ShareButtonProps {
  kind: EmbedKind;
  id: number;
  name: string;
  /** The thing's page (a path of this site). */
  path: string;
  size?: ButtonSize;
}

/** Share: copy the page's link, or open the embed code of its player. */
export function ShareButton({ kind, id, name, path, size = 'lg' }: ShareButtonProps) {
  const { trans } = useTrans();
  const [embedding, setEmbedding] = useState(false);
  const link = `${location.origin}${path}`;
  return (
    <>
      <MenuTrigger>
        <Button variant="icon" size={size} aria-label={trans('Share {name}', { name })}>
          <Share2 aria-hidden="true" />
        </Button>
        <Menu>
          <MenuItem
            icon={<Link2 />}
            onAction={() =>
              void navigator.clipboard
                ?.writeText(link)
                .then(() => toast.positive(trans('Link copied')))
                .catch(() => toast.danger(trans('Could not copy the link')))
            }
          >
            {trans('Copy link')}
          </MenuItem>
          <MenuItem icon={<Code />} onAction={() => setEmbedding(true)}>
            {trans('Embed')}
          </MenuItem>
        </Menu>
      </MenuTrigger>
      {embedding && (
        <Suspense fallback={null}>
          <EmbedDialog kind={kind} id={id} name={name} isOpen onOpenChange={setEmbedding} />
        </Suspense>
      )}
    </>
  );
}
