import { cx } from '#src/ui/cx';
import type { HttpMethodName } from '../lib/openapi';

const COLORS: Record<HttpMethodName, string> = {
  get: 'text-positive',
  post: 'text-primary',
  put: 'text-warning',
  patch: 'text-warning',
  delete: 'text-danger',
};

/** GET / POST / PUT / PATCH / DELETE in its colour (text colour only: readable in both themes). */
export function MethodBadge({ method, className }: { method: HttpMethodName; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex w-16 shrink-0 items-center justify-center rounded border border-current px-1.5 py-0.5 font-mono text-[11px] font-bold uppercase leading-4',
        COLORS[method],
        className,
      )}
    >
      {method}
    </span>
  );
}
