import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { isAddressWithoutPage } from '#src/lib/menu-visibility';

/**
 * An address field's description, or a warning in its place when the address is a page of this
 * site that does not exist (`/help`): visitors never see a link that leads nowhere, so the item or
 * button would silently stay hidden for everyone.
 */
export function AddressHint({
  action,
  children,
}: {
  action: string | null | undefined;
  children?: ReactNode;
}) {
  const { trans } = useTrans();
  if (!isAddressWithoutPage(action)) return children ?? null;
  return (
    <span className="flex gap-1.5 text-warning" data-address-warning="">
      <AlertTriangle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        {trans('No page of this site is at {address}: it stays hidden from everyone until one is.', {
          address: action?.trim() ?? '',
        })}
      </span>
    </span>
  );
}
