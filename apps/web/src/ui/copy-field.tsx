import { CopyButton } from './copy-button';
import { TextField } from './field';

export interface CopyFieldProps {
  /** The field's label, translated. */
  label: string;
  value: string;
  /** The copy button's accessible name, translated ('Copy username'). */
  copyLabel: string;
  autoFocus?: boolean;
}

/**
 * A value to copy (a token, a password, a server address): a read-only field, selected on focus,
 * with a copy button beside it (under it on small screens).
 */
export function CopyField({ label, value, copyLabel, autoFocus }: CopyFieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        label={label}
        value={value}
        isReadOnly
        autoFocus={autoFocus}
        className="min-w-0 flex-1"
        inputClassName="font-mono"
        onFocus={(event) => (event.target as HTMLInputElement).select()}
      />
      <CopyButton text={value} aria-label={copyLabel} />
    </div>
  );
}
