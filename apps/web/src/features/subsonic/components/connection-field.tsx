import { CopyButton } from '#src/ui/copy-button';
import { TextField } from '#src/ui/field';

export interface ConnectionFieldProps {
  /** The label, translated. */
  label: string;
  value: string;
  /** The copy button's accessible name, translated ('Copy username'). */
  copyLabel: string;
  autoFocus?: boolean;
}

/**
 * One thing to type into a music app (server address, username, password): read-only, selected
 * on focus, with a copy button beside it (under it on small screens).
 */
export function ConnectionField({ label, value, copyLabel, autoFocus }: ConnectionFieldProps) {
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
