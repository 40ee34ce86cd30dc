import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTrans } from '#src/lib/i18n';
import { Button } from './button';
import { Dialog } from './dialog';
import { Form } from './field';

export interface CreateDialogProps<T extends FieldValues, Out> {
  /** The dialog's title, also the form's name ("New playlist", "Create workspace"). */
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** With a schema resolver, `Out` is what the schema makes of the values. */
  // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's own default for the context type
  form: UseFormReturn<T, any, Out>;
  /** The checked values, and `close` to call once the new thing exists. */
  onSubmit: (values: Out, close: () => void) => void;
  /** The create call is running: Create shows it and takes no second press. */
  isPending: boolean;
  /** Clears what closing leaves besides the form (the create call's error). */
  onClose?: () => void;
  /** The fields: the name, and whatever else the new thing takes. */
  children: ReactNode;
}

/**
 * "Name a new thing": a small dialog around a form, with Cancel and Create. However it closes
 * (Cancel, Escape, outside, or `close` once created) the form is cleared, so it opens empty.
 */
export function CreateDialog<T extends FieldValues, Out>({
  title,
  isOpen,
  onOpenChange,
  form,
  onSubmit,
  isPending,
  onClose,
  children,
}: CreateDialogProps<T, Out>) {
  const { trans } = useTrans();
  const close = () => {
    form.reset();
    onClose?.();
    onOpenChange(false);
  };
  return (
    <Dialog
      title={title}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
    >
      <Form form={form} onSubmit={(values) => onSubmit(values, close)} aria-label={title} className="pb-2">
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={isPending}>
            {trans('Create')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
