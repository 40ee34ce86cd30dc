import { ChevronDown, Languages } from 'lucide-react';
import { useAuth, useBootstrap } from '#src/lib/bootstrap-store';
import { Button } from '#src/ui/button';
import { Menu, MenuItem, MenuTrigger } from '#src/ui/menu';
import { useChangeLocale } from '../api/change-locale';
import { useLocalizations } from '../api/get-localizations';

/**
 * Footer language picker (SPEC §2, only when i18n is on). Lists GET value-lists/localizations;
 * picking one saves it (users: POST users/me/locale; visitors: a cookie) and reloads for the new
 * translations.
 */
export function LanguagePicker() {
  const { i18n } = useBootstrap();
  const { isLoggedIn } = useAuth();
  const { data: localizations = [] } = useLocalizations();
  const change = useChangeLocale({ isLoggedIn });
  const current = i18n.locale.language;

  return (
    <MenuTrigger>
      <Button
        variant="text"
        size="sm"
        isPending={change.isPending}
        startIcon={<Languages aria-hidden="true" className="size-4" />}
        endIcon={<ChevronDown aria-hidden="true" className="size-3.5" />}
        aria-label={`Language: ${i18n.locale.name}`}
      >
        {i18n.locale.name}
      </Button>
      <Menu
        aria-label="Language"
        placement="top start"
        selectionMode="single"
        selectedKeys={[current]}
        onAction={(key) => {
          if (key !== current) change.mutate(String(key));
        }}
      >
        {(localizations.length ? localizations : [i18n.locale]).map((l) => (
          <MenuItem key={l.language} id={l.language}>
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
