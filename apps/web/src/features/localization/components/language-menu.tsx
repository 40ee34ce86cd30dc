import { useBootstrap } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Menu, MenuItem } from '#src/ui/menu';

/** The language picker's menu: the enabled localizations, the current one checked. */
export function LanguageMenu({
  current,
  localizations,
  onChoose,
}: {
  current: string;
  localizations: { language: string; name: string }[];
  onChoose: (language: string) => void;
}) {
  const { i18n } = useBootstrap();
  const { trans } = useTrans();
  return (
    <Menu
      aria-label={trans('Language')}
      placement="top start"
      selectionMode="single"
      selectedKeys={[current]}
      onAction={(key) => {
        if (key !== current) onChoose(String(key));
      }}
    >
      {(localizations.length ? localizations : [i18n.locale]).map((l) => (
        <MenuItem key={l.language} id={l.language}>
          {l.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
