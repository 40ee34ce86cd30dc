import { type RefCallback, useCallback } from 'react';

/*
 * A bar fixed to the bottom of the screen (the player) would cover whatever else is anchored there
 * (the cookie notice, toasts). The bar publishes how much of the viewport's bottom it covers as
 * --bottom-bar-inset on the root element, and those overlays sit that much higher (0px by default,
 * styles.css).
 */

const insets = new Map<HTMLElement, number>();

function publish() {
  const inset = Math.max(0, ...insets.values());
  const root = document.documentElement.style;
  if (inset > 0) root.setProperty('--bottom-bar-inset', `${Math.ceil(inset)}px`);
  else root.removeProperty('--bottom-bar-inset');
}

/** Ref for a bar fixed to the bottom of the viewport: keeps --bottom-bar-inset up to date. */
export function useBottomInsetRef(): RefCallback<HTMLElement> {
  return useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      // A hidden bar covers nothing (its box is empty).
      insets.set(el, rect.height > 0 ? window.innerHeight - rect.top : 0);
      publish();
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      insets.delete(el);
      publish();
    };
  }, []);
}
