import { lazy, Suspense, useSyncExternalStore } from 'react';
import { queue } from './toast-queue';

export {
  clearToasts,
  dismissToast,
  type ToastAction,
  type ToastData,
  type ToastOptions,
  type ToastPosition,
  type ToastType,
  toast,
} from './toast-queue';

// The region and its toasts (React Aria's landmark and toast code) load with the first toast: no
// page's first load carries them. Once loaded the region stays mounted.
const ToastRegionView = lazy(() => import('./toast-region-view'));
let regionNeeded = false;
const regionWanted = () => {
  regionNeeded ||= queue.visibleToasts.length > 0;
  return regionNeeded;
};

/** Render once, near the root of the app. F6 moves focus into it (React Aria landmark). */
export function ToastRegion() {
  const wanted = useSyncExternalStore(
    (fn) => queue.subscribe(fn),
    regionWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegionView />
    </Suspense>
  );
}
