import { ACTIVE_THEME_STORAGE_KEY, msg, type Theme } from '@zema/contracts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getPreviewThemeId, subscribePreviewTheme } from './appearance-editor';
import { useBootstrap } from './bootstrap-store';
import {
  applyTheme,
  findThemeForChoice,
  readStoredThemeChoice,
  resolveActiveTheme,
  storeThemeChoice,
  type ThemeChoice,
} from './theme';

// Re-render readers when the stored choice changes here or in another tab.
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === ACTIVE_THEME_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useActiveTheme(): Theme | undefined {
  const { themes, settings } = useBootstrap();
  const stored = useSyncExternalStore(subscribe, readStoredThemeChoice, () => null);
  // Inside the appearance editor's frame, the theme the editor shows wins (setActiveTheme).
  const previewId = useSyncExternalStore(subscribePreviewTheme, getPreviewThemeId, () => null);
  const previewed = previewId === null ? undefined : themes.all.find((t) => t.id === previewId);
  return previewed ?? resolveActiveTheme(themes.all, settings, stored);
}

export interface ThemeSelector {
  activeTheme: Theme | undefined;
  isDark: boolean;
  /** SPEC §6: only when settings.themes.user_change. */
  canChange: boolean;
  select: (choice: ThemeChoice) => void;
  /** Switches between the default light and default dark theme. */
  toggle: () => void;
  /** The toggle's label: what it switches to (a catalogue source, for `trans`). */
  toggleLabel: 'Dark mode' | 'Light mode';
}

export function useThemeSelector(): ThemeSelector {
  const { themes, settings } = useBootstrap();
  const activeTheme = useActiveTheme();
  const canChange = settings.themes.user_change;
  const isDark = !!activeTheme?.is_dark;

  const select = useCallback(
    (choice: ThemeChoice) => {
      if (!canChange) return;
      const theme = findThemeForChoice(themes.all, choice);
      if (!theme) return;
      storeThemeChoice(theme);
      for (const l of listeners) l();
    },
    [canChange, themes.all],
  );

  return {
    activeTheme,
    isDark,
    canChange,
    select,
    toggle: () => select(isDark ? 'light' : 'dark'),
    toggleLabel: isDark ? msg('Light mode') : msg('Dark mode'),
  };
}

/** Keeps <html> in step with the active theme. Mounted once at the app root. */
export function ThemeApplier() {
  const theme = useActiveTheme();
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
  return null;
}
