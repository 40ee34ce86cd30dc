import { Moon, Sun } from 'lucide-react';
import { Trans } from '#src/lib/i18n';
import { useThemeSelector } from '#src/lib/use-theme';
import { Button } from '#src/ui/button';

/** Footer theme switch (SPEC §2), only when users may change the theme. */
export function ThemeToggleButton({ className }: { className?: string }) {
  const { canChange, isDark, toggle, toggleLabel } = useThemeSelector();
  if (!canChange) return null;
  return (
    <Button
      variant="text"
      size="sm"
      className={className}
      onPress={toggle}
      startIcon={
        isDark ? (
          <Sun aria-hidden="true" className="size-4" />
        ) : (
          <Moon aria-hidden="true" className="size-4" />
        )
      }
    >
      <Trans message={toggleLabel} />
    </Button>
  );
}
