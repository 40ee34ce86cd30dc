import { COOKIE_NOTICE_COOKIE, COOKIE_NOTICE_DAYS } from '@zema/contracts';
import { useState } from 'react';
import { useSettings } from '#src/lib/bootstrap-store';
import { getCookie, setCookie } from '#src/lib/cookies';
import { useTrans } from '#src/lib/i18n';
import { menuItemLinkProps } from '#src/lib/menu-visibility';
import { leadsToPage } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { Button, LinkButton } from '#src/ui/button';
import { cx } from '#src/ui/cx';

/**
 * SPEC §2/§4: a bar at the top or bottom with an optional link button and 'OK'. 'OK' sets the
 * `cookie_notice` cookie to true for 30 days at path /; the bar stays hidden while it exists.
 */
interface CookieNoticeProps {
  /**
   * Where this instance is mounted: the root renders one before the page and one after it, and
   * only the one matching settings.cookie_notice.position shows. Being in the flow (sticky, not
   * fixed) means the bar never covers the end of the page, such as the footer.
   */
  slot: 'top' | 'bottom';
}

export function CookieNotice({ slot }: CookieNoticeProps) {
  const { cookie_notice: notice } = useSettings();
  const { trans } = useTrans();
  const stored = useStoredText();
  const [accepted, setAccepted] = useState(() => getCookie(COOKIE_NOTICE_COOKIE) !== null);

  if (!notice.enable || accepted || notice.position !== slot) return null;

  const accept = () => {
    setCookie(COOKIE_NOTICE_COOKIE, 'true', { days: COOKIE_NOTICE_DAYS, path: '/' });
    setAccepted(true);
  };

  const button =
    notice.button?.label && notice.button.action && leadsToPage(notice.button.action) ? notice.button : null;

  return (
    <section
      aria-label={trans('Cookie notice')}
      className={cx(
        'sticky z-40 w-full border-divider bg-paper/95 text-fg shadow-lg backdrop-blur',
        // Above a player bar fixed to the bottom, not under it (its height: ui/bottom-inset.ts).
        notice.position === 'top' ? 'top-0 border-b' : 'bottom-(--bottom-bar-inset) border-t',
      )}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
        <p className="flex-1 text-sm text-fg">
          {notice.text ||
            trans('This website uses cookies to ensure you get the best experience on our website.')}
        </p>
        <div className="flex shrink-0 items-center justify-end gap-2">
          {button && (
            <LinkButton variant="text" size="sm" {...menuItemLinkProps(button)}>
              {stored(button.label)}
            </LinkButton>
          )}
          <Button variant="primary" size="sm" className="min-w-20" onPress={accept}>
            {trans('OK')}
          </Button>
        </div>
      </div>
    </section>
  );
}
