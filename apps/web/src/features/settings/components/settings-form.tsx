import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminSettingsResponse } from '@zema/contracts/admin';
import type { ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { useTrans } from '#src/lib/i18n';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Form } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { SaveBar } from '#src/ui/save-bar';
import { toast } from '#src/ui/toast';
import { useUpdateSettings } from '../api/update-settings';
import { changedPairs } from '../lib/changed-pairs';

export interface SettingsFormProps<T extends FieldValues> {
  view: AdminSettingsResponse;
  /** The form's values from the loaded settings (also what Discard and a save go back to). */
  toValues: (view: AdminSettingsResponse) => T;
  /** Validation, from the contract's admin rules. */
  schema: z.ZodType<T>;
  /** The dotted setting keys this form edits; each is sent (whole) only when it changed. */
  keys: readonly string[];
  /** Last touches before sending (e.g. a link's type from its address). */
  prepare?: (values: T) => T;
  children: (form: UseFormReturn<T>) => ReactNode;
}

/**
 * One settings group's form: validated with the admin rules, saved with only what changed, server
 * field errors on their fields (SPEC §8), a save bar while there is something to save, and a
 * question before leaving with unsaved changes.
 */
export function SettingsForm<T extends FieldValues>({
  view,
  toValues,
  schema,
  keys,
  prepare,
  children,
}: SettingsFormProps<T>) {
  const { trans } = useTrans();
  const update = useUpdateSettings();
  const form = useForm<T>({
    // The schema's output is the values themselves: the rules only check.
    resolver: zodResolver(schema as z.ZodType<T, T>) as Resolver<T>,
    defaultValues: toValues(view) as DefaultValues<T>,
  });
  const dirty = form.formState.isDirty;
  const blocker = useUnsavedChangesBlocker(dirty && !update.isPending);

  const submit = (values: T) => {
    const ready = prepare ?? ((v: T) => v);
    // Both sides prepared alike, so an untouched field never counts as a change.
    const pairs = changedPairs(keys, ready(values), ready(toValues(view)));
    if (!Object.keys(pairs).length) {
      form.reset(toValues(view));
      return;
    }
    update.mutate(pairs, {
      onSuccess: (saved) => {
        form.reset(toValues(saved));
        toast.positive(trans('Settings saved'));
      },
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <Form form={form} onSubmit={submit} className="flex flex-col gap-6">
      {children(form)}
      <SaveBar
        variant="floating"
        isDirty={dirty}
        isSaving={update.isPending}
        saveLabel={trans('Save changes')}
        isSaveDisabled={!dirty}
        onDiscard={() => form.reset()}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}
