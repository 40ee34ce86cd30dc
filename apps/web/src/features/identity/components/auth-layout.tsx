import type { ReactNode } from 'react';
import { CustomMenu } from '#src/components/chrome/custom-menu';
import { Logo } from '#src/components/chrome/logo';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';

interface AuthLayoutProps {
  /** The card's heading (an h1). */
  heading: ReactNode;
  /** Text under the heading. */
  description?: ReactNode;
  children: ReactNode;
  /** Below the card (e.g. 'Already have an account? Sign in.'). */
  after?: ReactNode;
  /** Top-right corner of the screen (e.g. the verification screen's logout button). */
  corner?: ReactNode;
}

/**
 * SPEC §2 auth pages: a logo linking home (light or dark by theme), a card, and a footer with the
 * site name and the 'auth-page-footer' menu. One column at every width; the card is borderless
 * edge-to-edge on phones and a floating panel from `sm` up.
 */
export function AuthLayout({ heading, description, children, after, corner }: AuthLayoutProps) {
  const { site_name } = useSettings();
  const { trans } = useTrans();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt text-fg">
      {corner && <div className="flex justify-end px-4 pt-4 sm:px-6">{corner}</div>}
      <main
        id={MAIN_CONTENT_ID}
        className={cx(
          'flex flex-1 flex-col items-center px-4 pb-10 sm:px-6',
          corner ? 'pt-4' : 'pt-10 sm:pt-16',
        )}
      >
        <Logo className="mb-8" />
        <section
          aria-labelledby="auth-heading"
          className="w-full max-w-[440px] rounded-theme border border-divider bg-paper px-5 py-7 shadow-sm sm:px-10 sm:py-9"
        >
          <h1 id="auth-heading" className="text-xl font-semibold text-balance">
            {heading}
          </h1>
          {/* A masked email is one long word: let it wrap rather than overflow the card. */}
          {description && (
            <div className="mt-2 text-sm text-muted [overflow-wrap:anywhere]">{description}</div>
          )}
          <div className="mt-6">{children}</div>
        </section>
        {after && <div className="mt-6 text-center text-sm text-muted">{after}</div>}
      </main>
      <footer className="flex flex-col items-center gap-2 px-4 pb-6 text-sm text-muted">
        <CustomMenu
          position="auth-page-footer"
          label={trans('Auth pages footer')}
          itemClassName="text-muted hover:bg-hover hover:text-fg"
        />
        <p>
          © {year} {site_name}
        </p>
      </footer>
    </div>
  );
}
