import { Check, Minus } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import {
  FieldError,
  Input,
  Label,
  Checkbox as RACCheckbox,
  type CheckboxProps as RACCheckboxProps,
  Form as RACForm,
  type FormProps as RACFormProps,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
  Text,
  TextArea,
} from 'react-aria-components';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  FormProvider,
  type SubmitHandler,
  type UseFormReturn,
  useController,
  useFormContext,
} from 'react-hook-form';
import { useTrans } from '#src/lib/i18n';
import { cx, fieldFocusRing } from './cx';

const inputClass =
  'w-full min-w-0 rounded-theme border border-divider bg-bg px-3 text-sm text-fg transition-colors placeholder:text-muted outline-none data-hovered:border-muted data-focused:border-primary data-invalid:border-danger data-disabled:cursor-not-allowed data-disabled:opacity-60 read-only:bg-bg-alt read-only:text-muted ' +
  fieldFocusRing;

export const fieldLabelClass = 'mb-1.5 block text-sm font-medium text-fg';
export const fieldDescriptionClass = 'mt-1.5 block text-xs text-muted';
export const fieldErrorClass = 'mt-1.5 block text-xs font-medium text-danger';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label?: ReactNode;
  description?: ReactNode;
  /** Shown under the input and marks it invalid. */
  errorMessage?: ReactNode;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  /** A textarea instead of a single-line input. */
  multiline?: boolean;
  rows?: number;
  /** Content inside the input's start edge (e.g. a search icon). */
  startAdornment?: ReactNode;
  /** Content inside the input's end edge (e.g. a visibility toggle). */
  endAdornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}

/**
 * A labelled text input. Locked prefilled fields (email from a query string, SPEC §2) use
 * `isReadOnly`; `errorMessage` comes from react-hook-form or the server's errors map.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  inputClassName,
  multiline,
  rows = 4,
  startAdornment,
  endAdornment,
  inputRef,
  ...props
}: TextFieldProps) {
  const isInvalid = Boolean(errorMessage);
  return (
    <RACTextField
      {...props}
      isInvalid={isInvalid}
      validationBehavior="aria"
      className={cx('flex flex-col', className)}
    >
      {label && <Label className={fieldLabelClass}>{label}</Label>}
      <div className="relative flex items-center">
        {startAdornment && (
          <span className="pointer-events-none absolute left-3 flex text-muted [&_svg]:size-4">
            {startAdornment}
          </span>
        )}
        {multiline ? (
          <TextArea
            ref={inputRef}
            rows={rows}
            placeholder={placeholder}
            className={cx(inputClass, 'resize-y py-2', inputClassName)}
          />
        ) : (
          <Input
            ref={inputRef}
            placeholder={placeholder}
            className={cx(
              inputClass,
              'h-10',
              startAdornment ? 'pl-9' : undefined,
              endAdornment ? 'pr-10' : undefined,
              inputClassName,
            )}
          />
        )}
        {endAdornment && <span className="absolute right-1 flex">{endAdornment}</span>}
      </div>
      {description && !isInvalid && (
        <Text slot="description" className={fieldDescriptionClass}>
          {description}
        </Text>
      )}
      <FieldError className={fieldErrorClass}>{errorMessage}</FieldError>
    </RACTextField>
  );
}

export interface FormTextFieldProps<T extends FieldValues>
  extends Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'errorMessage'> {
  name: FieldPath<T>;
  /** Defaults to the surrounding `<Form>`'s control. */
  control?: Control<T>;
}

/**
 * One field of the surrounding `<Form>` (or of `control`): its value and handlers, and its error
 * translated — a schema's messages are English source lines, translated like every other text.
 * Validation is the form's schema (`zodResolver` over the contract's request schema), never
 * per-field rules.
 */
function useFormField<T extends FieldValues>(name: FieldPath<T>, control: Control<T> | undefined) {
  const context = useFormContext<T>();
  const { trans } = useTrans();
  const { field, fieldState } = useController({ name, control: control ?? context.control });
  const error = fieldState.error?.message;
  return { field, errorMessage: error ? trans(error) : undefined };
}

/** `TextField` bound to react-hook-form: value, validation errors, server errors and focus. */
export function FormTextField<T extends FieldValues>({ name, control, ...props }: FormTextFieldProps<T>) {
  const { field, errorMessage } = useFormField(name, control);
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value ?? '') as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isDisabled={props.isDisabled ?? field.disabled}
      inputRef={field.ref}
      errorMessage={errorMessage}
    />
  );
}

export interface CheckboxProps extends Omit<RACCheckboxProps, 'className' | 'children'> {
  children?: ReactNode;
  description?: ReactNode;
  errorMessage?: ReactNode;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled checkbox (policy agreements, "Stay signed in for a month"). */
export function Checkbox({
  children,
  description,
  errorMessage,
  className,
  inputRef,
  ...props
}: CheckboxProps) {
  const helpId = useId();
  const hasHelp = Boolean(errorMessage || description);
  return (
    <div className={cx('flex flex-col', className)}>
      <RACCheckbox
        {...props}
        inputRef={inputRef}
        isInvalid={Boolean(errorMessage)}
        validationBehavior="aria"
        aria-describedby={hasHelp ? helpId : undefined}
        className="group flex cursor-pointer items-center gap-2.5 text-sm text-fg data-disabled:cursor-not-allowed data-disabled:opacity-60"
      >
        {({ isSelected, isIndeterminate }) => (
          <>
            <span
              className={cx(
                'flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors',
                isSelected || isIndeterminate
                  ? 'border-primary bg-primary text-on-primary'
                  : 'border-muted bg-bg group-data-hovered:border-fg',
                'group-data-invalid:border-danger',
              )}
            >
              {isIndeterminate ? (
                <Minus aria-hidden="true" className="size-3.5" strokeWidth={3} />
              ) : isSelected ? (
                <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
              ) : null}
            </span>
            {children}
          </>
        )}
      </RACCheckbox>
      {hasHelp && (
        <span id={helpId} className={errorMessage ? fieldErrorClass : fieldDescriptionClass}>
          {errorMessage || description}
        </span>
      )}
    </div>
  );
}

export interface FormCheckboxProps<T extends FieldValues>
  extends Omit<
    CheckboxProps,
    'name' | 'isSelected' | 'defaultSelected' | 'onChange' | 'onBlur' | 'errorMessage'
  > {
  name: FieldPath<T>;
  control?: Control<T>;
}

/** `Checkbox` bound to a boolean react-hook-form field. */
export function FormCheckbox<T extends FieldValues>({ name, control, ...props }: FormCheckboxProps<T>) {
  const { field, errorMessage } = useFormField(name, control);
  return (
    <Checkbox
      {...props}
      name={field.name}
      isSelected={Boolean(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isDisabled={props.isDisabled ?? field.disabled}
      inputRef={field.ref}
      errorMessage={errorMessage}
    />
  );
}

export interface FormProps<T extends FieldValues, Out = T>
  extends Omit<RACFormProps, 'onSubmit' | 'validationBehavior' | 'children'> {
  /** With a schema resolver, `Out` is what the schema makes of the values (trimmed, defaulted). */
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<T, any, Out>;
  onSubmit: SubmitHandler<Out>;
  children: ReactNode;
}

/**
 * A `<form>` driven by react-hook-form: provides the form context to `FormTextField`/`FormCheckbox`
 * and leaves validation to react-hook-form (no native browser bubbles).
 */
export function Form<T extends FieldValues, Out = T>({
  form,
  onSubmit,
  children,
  className,
  ...props
}: FormProps<T, Out>) {
  return (
    <FormProvider {...form}>
      <RACForm
        {...props}
        validationBehavior="aria"
        className={cx('flex flex-col gap-5', className)}
        onSubmit={form.handleSubmit(onSubmit)}
      >
        {children}
      </RACForm>
    </FormProvider>
  );
}
