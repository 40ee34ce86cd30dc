import type { ReactNode } from 'react';

/** Id of every page's <main>, the target of "Skip to content". */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * A "Skip to …" link for keyboard users (WCAG 2.4.1): hidden above the top edge until it has focus,
 * then it moves focus to the element with `targetId`. The target takes focus for the moment
 * (tabindex=-1 until it loses it) and shows the focus ring, so the next Tab continues inside it.
 * Focus is moved by hand rather than by the fragment, which the router would take as a navigation.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(e) => {
        e.preventDefault();
        const el = document.getElementById(targetId);
        if (el) focusSkipTarget(el);
      }}
      className="fixed top-3 left-3 z-[200] -translate-y-[calc(100%+1rem)] rounded-theme border border-divider bg-paper px-4 py-2.5 text-sm font-semibold text-fg no-underline focus:translate-y-0 focus:shadow-lg"
    >
      {children}
    </a>
  );
}

function focusSkipTarget(el: HTMLElement) {
  if (!el.hasAttribute('tabindex')) {
    el.tabIndex = -1;
    // Only for this visit: a click on the page later must not focus the whole region.
    el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
  }
  el.setAttribute('data-skip-target', '');
  el.addEventListener('blur', () => el.removeAttribute('data-skip-target'), { once: true });
  el.focus();
}
