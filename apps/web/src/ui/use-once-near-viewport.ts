import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on (content
 * rendered on demand stays rendered, so scrolling back does not rebuild it). Where the browser
 * has no IntersectionObserver, true from the start.
 */
export function useOnceNearViewport<T extends Element>(
  rootMargin = '100% 0px',
): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return [ref, near];
}
