import type { ReactNode } from 'react';
import { CustomMenu, CustomMenuButton } from '#src/components/chrome/custom-menu';
import { Logo } from '#src/components/chrome/logo';
import { NotificationBell } from '#src/features/notifications';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { Trans, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { UserMenu } from './user-menu';

interface SiteNavbarProps {
  /** Menu position whose items are shown as links (SPEC §2). */
  menuPosition?: string;
  /** Sits over a hero image: no background, light text. */
  transparent?: boolean;
  /** Extra controls before the account area (e.g. the notifications bell, SPEC §2). */
  actions?: ReactNode;
  className?: string;
}

/**
 * Top bar: logo home, a configurable menu, then Login/Register for visitors (Register hidden when
 * registration is disabled) or the account menu for users.
 */
export function SiteNavbar({
  menuPosition = 'landing-page-navbar',
  transparent,
  actions,
  className,
}: SiteNavbarProps) {
  const { isLoggedIn } = useAuth();
  const settings = useSettings();
  const { trans } = useTrans();
  return (
    <header
      className={cx(
        'z-30 w-full',
        transparent
          ? 'absolute inset-x-0 top-0 text-white'
          : 'border-b border-divider bg-navbar text-on-navbar',
        className,
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <CustomMenuButton
          position={menuPosition}
          label={trans('Main menu')}
          className={cx('-ml-2 md:hidden', transparent && 'data-hovered:bg-white/10')}
        />
        <Logo forceLight={transparent} />
        <CustomMenu
          position={menuPosition}
          label={trans('Main')}
          className="ml-2 hidden md:block"
          itemClassName={transparent ? 'text-white/85 hover:bg-white/10 hover:text-white' : 'hover:bg-hover'}
        />
        <div className="ml-auto flex items-center gap-2">
          {actions}
          {isLoggedIn ? (
            <>
              <NotificationBell className={cx(transparent && 'text-white data-hovered:bg-white/10')} />
              <UserMenu />
            </>
          ) : (
            <>
              <LinkButton
                href={paths.login()}
                variant="text"
                size="sm"
                className={cx(transparent && 'text-white data-hovered:bg-white/10')}
              >
                <Trans message="Login" />
              </LinkButton>
              {!settings.registration.disable && (
                <LinkButton href={paths.register()} variant="primary" size="sm">
                  <Trans message="Register" />
                </LinkButton>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
