import type { ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { type FieldPath, type FieldValues, useController, useFormContext } from 'react-hook-form';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { CopyButton } from '#src/ui/copy-button';
import { TextField } from '#src/ui/field';
import { SearchableSelect, Select, type SelectOption } from '#src/ui/select';

function useField<T extends FieldValues>(name: FieldPath<T>) {
  const { control } = useFormContext<T>();
  const { trans } = useTrans();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return { field, errorMessage: error ? trans(error) : undefined };
}

/** A `Select` bound to a form field; `nullKey` stands for null (e.g. "None"). */
export function FormSelect<T extends FieldValues>({
  name,
  label,
  description,
  items,
  nullKey,
  searchable,
  isDisabled,
}: {
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  items: SelectOption[];
  nullKey?: string;
  /** A text field filters the list (long lists: time zones). */
  searchable?: boolean;
  isDisabled?: boolean;
}) {
  const { field, errorMessage } = useField<T>(name);
  const selected = field.value === null && nullKey ? nullKey : (field.value as string | null);
  const onChange = (key: Key | null) => {
    const value = key === null ? null : String(key);
    field.onChange(nullKey && value === nullKey ? null : value);
  };
  const common = {
    label,
    description,
    items,
    errorMessage,
    isDisabled,
    onBlur: field.onBlur,
    name: field.name,
  };
  if (searchable) {
    return <SearchableSelect {...common} selectedKey={selected} onSelectionChange={onChange} />;
  }
  return <Select {...common} selectedKey={selected} onSelectionChange={onChange} />;
}

/** A whole number bound to a form field (empty or not a number fails the rules' check). */
export function FormNumberField<T extends FieldValues>({
  name,
  label,
  description,
  min,
  max,
}: {
  name: FieldPath<T>;
  label: string;
  description?: ReactNode;
  min: number;
  max: number;
}) {
  const { field, errorMessage } = useField<T>(name);
  const value = field.value as number;
  return (
    <TextField
      label={label}
      description={description}
      type="number"
      inputMode="numeric"
      name={field.name}
      value={Number.isFinite(value) ? String(value) : ''}
      onChange={(v) => field.onChange(v.trim() === '' ? Number.NaN : Number(v))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorMessage={errorMessage}
      inputClassName="max-w-40"
      aria-valuemin={min}
      aria-valuemax={max}
    />
  );
}

/**
 * A write-only secret: the browser never gets it back, so the field starts empty with "set" or
 * "not set" beside it. Typing replaces it; Remove sends null; an empty field keeps what is stored.
 */
export function SecretField<T extends FieldValues>({
  name,
  label,
  isSet,
  lockedReason,
}: {
  name: FieldPath<T>;
  label: string;
  isSet: boolean;
  /** Set in the environment: shown, not editable. */
  lockedReason?: string;
}) {
  const { field, errorMessage } = useField<T>(name);
  const { trans, language } = useTrans();
  const removing = field.value === null;
  const status = removing
    ? trans('Will be removed on save. It is never shown again once saved.')
    : isSet
      ? trans('Set. It is never shown again once saved.')
      : trans('Not set. It is never shown again once saved.');
  const what = label.toLocaleLowerCase(language);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={label}
        type="password"
        autoComplete="off"
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        isReadOnly={Boolean(lockedReason)}
        placeholder={lockedReason ? undefined : isSet ? trans('Type a new value to replace it') : undefined}
        description={lockedReason ?? status}
        errorMessage={errorMessage}
      />
      {isSet && !lockedReason && !removing && (
        <Button variant="text" size="sm" className="self-start" onPress={() => field.onChange(null)}>
          {trans('Remove {what}', { what })}
        </Button>
      )}
      {removing && (
        <Button variant="text" size="sm" className="self-start" onPress={() => field.onChange('')}>
          {trans('Keep {what}', { what })}
        </Button>
      )}
    </div>
  );
}

/** A value the settings show but do not change (it comes from the environment), with a copy button. */
export function ReadOnlyValue({
  label,
  value,
  description,
  copy,
}: {
  label: string;
  value: string;
  description?: ReactNode;
  copy?: boolean;
}) {
  const { trans, language } = useTrans();
  return (
    <div className="flex flex-col">
      <TextField label={label} value={value} isReadOnly description={description} />
      {copy && (
        <CopyButton
          text={value}
          label={trans('Copy')}
          aria-label={trans('Copy {what}', { what: label.toLocaleLowerCase(language) })}
          size="sm"
          className="mt-2 self-start"
          variant="outline"
        />
      )}
    </div>
  );
}
