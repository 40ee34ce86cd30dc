import { zodResolver } from '@hookform/resolvers/zod';
import { updateWorkspaceRequestSchema, type Workspace } from '@zema/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useUpdateWorkspace } from '../api/update-workspace';

type Values = z.input<typeof updateWorkspaceRequestSchema>;

/** Rename (workspace.update). */
export function WorkspaceNameForm({ workspace }: { workspace: Workspace }) {
  const { trans } = useTrans();
  const update = useUpdateWorkspace();
  const form = useForm<Values, unknown, z.output<typeof updateWorkspaceRequestSchema>>({
    resolver: zodResolver(updateWorkspaceRequestSchema),
    defaultValues: { name: workspace.name },
  });
  useEffect(() => form.reset({ name: workspace.name }), [form, workspace.name]);
  return (
    <Form
      form={form}
      aria-label={trans('Workspace name')}
      onSubmit={({ name }) =>
        update.mutate(
          { id: workspace.id, name },
          {
            onSuccess: () => toast.positive(trans('Renamed workspace')),
            onError: (error) => applyServerErrors(form, error),
          },
        )
      }
      className="flex-row flex-wrap items-end gap-3"
    >
      <FormTextField<Values>
        name="name"
        label={trans('Workspace name')}
        className="min-w-0 flex-1 basis-60"
      />
      <Button type="submit" variant="outline" isPending={update.isPending}>
        {trans('Save')}
      </Button>
    </Form>
  );
}
