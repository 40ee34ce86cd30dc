import { zodResolver } from '@hookform/resolvers/zod';
import { createWorkspaceRequestSchema } from '@zema/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSwitchWorkspace } from '#src/lib/active-workspace';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useCreateWorkspace } from './api/create-workspace';

type Values = z.input<typeof createWorkspaceRequestSchema>;

export interface CreateWorkspaceDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * "Create workspace": a name, then the new workspace becomes the active one and its settings page
 * opens, where the owner invites the team.
 */
export function CreateWorkspaceDialog({ isOpen, onOpenChange }: CreateWorkspaceDialogProps) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const switchWorkspace = useSwitchWorkspace();
  const form = useForm<Values, unknown, z.output<typeof createWorkspaceRequestSchema>>({
    resolver: zodResolver(createWorkspaceRequestSchema),
    defaultValues: { name: '' },
  });

  const close = () => {
    form.reset();
    create.reset();
    onOpenChange(false);
  };

  const onSubmit = ({ name }: { name: string }) => {
    create.mutate(name, {
      onSuccess: (workspace) => {
        close();
        switchWorkspace(workspace.id);
        toast.positive(trans('Created workspace'));
        void navigate(paths.backstageWorkspace());
      },
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <Dialog
      title={trans('Create workspace')}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={trans('Create workspace')} className="pb-2">
        <FormTextField<Values>
          name="name"
          label={trans('Name')}
          description={trans('Your team shares this workspace’s artists, releases and insights.')}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={create.isPending}>
            {trans('Create')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
