import { CustomMenu } from '#src/components/chrome/custom-menu';
import { ThemeToggleButton } from '#src/features/appearance';
import { LanguagePicker } from '#src/features/localization';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

/** SPEC §2 footer: menus, copyright with current year and site name, language picker, theme toggle. */
export function SiteFooter({ className }: { className?: string }) {
  const settings = useSettings();
  const { trans } = useTrans();
  const year = new Date().getFullYear();
  return (
    <footer className={cx('border-t border-divider bg-bg text-fg', className)}>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
        <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <CustomMenu
            position="footer"
            label={trans('Footer')}
            className="-mx-3"
            itemClassName="text-fg hover:bg-hover"
          />
          <CustomMenu
            position="footer-secondary"
            label={trans('Secondary footer')}
            className="-mx-3"
            itemClassName="text-muted hover:bg-hover hover:text-fg"
          />
        </div>
        <div className="flex flex-col gap-4 text-sm text-muted md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {settings.site_name}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {settings.i18n.enable && <LanguagePicker />}
            <ThemeToggleButton />
          </div>
        </div>
      </div>
    </footer>
  );
}
