import { ChevronDown, Languages } from 'lucide-react';
import { useAuth, useBootstrap } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { LazyMenuTrigger, lazyMenu } from '#src/ui/lazy-menu';
import { useChangeLocale } from '../api/change-locale';
import { useLocalizations } from '../api/get-localizations';

const LanguageMenu = lazyMenu(() => import('./language-menu').then((m) => m.LanguageMenu));

/**
 * Footer language picker (SPEC §2, only when i18n is on). Lists GET value-lists/localizations;
 * picking one saves it (users: POST users/me/locale; visitors: a cookie) and switches the open app
 * to it at once, without a reload.
 */
export function LanguagePicker() {
  const { i18n } = useBootstrap();
  const { trans } = useTrans();
  const { isLoggedIn } = useAuth();
  const change = useChangeLocale({ isLoggedIn });
  // Asked for with the page, as before the menu's code became lazy: the list is ready when it opens.
  const { data: localizations = [] } = useLocalizations();
  const current = i18n.locale.language;

  return (
    <LazyMenuTrigger
      menu={LanguageMenu}
      menuProps={{ current, localizations, onChoose: (language: string) => change.mutate(language) }}
    >
      {(trigger) => (
        <Button
          {...trigger}
          variant="text"
          size="sm"
          isPending={change.isPending}
          startIcon={<Languages aria-hidden="true" className="size-4" />}
          endIcon={<ChevronDown aria-hidden="true" className="size-3.5" />}
          aria-label={trans('Language: {name}', { name: i18n.locale.name })}
        >
          {i18n.locale.name}
        </Button>
      )}
    </LazyMenuTrigger>
  );
}
