import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from './button';
import { CopyField } from './copy-field';

export interface OneTimeSecretProps {
  /** The secret, shown this once. */
  value: string;
  /** The field's label, translated ('Your new token'). */
  label: string;
  /** The copy button's accessible name, translated ('Copy token'). */
  copyLabel: string;
  /** That it will not be shown again, translated; announced as an alert. */
  warning: string;
  /** What else goes with the secret, between it and Done (how to use it, more fields). */
  children?: ReactNode;
  /** Done: the caller closes its dialog and forgets the secret. */
  onDone: () => void;
}

/**
 * The step of a dialog that shows a new secret once (an access token, an app password): the
 * warning, the secret read-only and focused with its copy button, then Done.
 */
export function OneTimeSecret({ value, label, copyLabel, warning, children, onDone }: OneTimeSecretProps) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-4 pb-2">
      <p
        role="alert"
        className="flex gap-2 rounded-theme border border-warning/60 bg-warning/10 px-3 py-2 text-sm"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        {warning}
      </p>
      <CopyField label={label} value={value} copyLabel={copyLabel} autoFocus />
      {children}
      <div className="flex justify-end">
        <Button onPress={onDone}>{trans('Done')}</Button>
      </div>
    </div>
  );
}
