import { MOBILE_BREAKPOINT_PX, siteLogos } from '@zema/contracts';
import { Link } from 'react-aria-components';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useActiveTheme } from '#src/lib/use-theme';
import { cx } from '#src/ui/cx';

interface LogoProps {
  className?: string;
  /** Draw the light logo regardless of theme (e.g. over a dark hero image). */
  forceLight?: boolean;
}

/**
 * The site logo linking home: the dark-coloured logo on light themes, the light one on dark themes,
 * and the compact variant under the mobile breakpoint (SPEC §2 navbar).
 */
export function Logo({ className, forceLight }: LogoProps) {
  const { branding, site_name } = useSettings();
  const theme = useActiveTheme();
  const { trans } = useTrans();
  const light = forceLight || !!theme?.is_dark;
  // An operator's logo without a small variant is drawn on phones too (never Zema's "z").
  const { full, mobile } = siteLogos(branding, light);
  return (
    <Link
      href={paths.home()}
      aria-label={trans('{site_name} home', { site_name })}
      className={cx('flex shrink-0 items-center rounded-theme', className)}
    >
      <picture>
        {mobile && <source media={`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`} srcSet={mobile} />}
        <img src={full} alt={site_name} className="block h-8 w-auto max-w-40" />
      </picture>
    </Link>
  );
}
