import { zodResolver } from '@hookform/resolvers/zod';
import { createWorkspaceRequestSchema } from '@zema/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useSwitchWorkspace } from '#src/lib/active-workspace';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { CreateDialog } from '#src/ui/create-dialog';
import { FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useCreateWorkspace } from '../api/create-workspace';

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

  const onSubmit = ({ name }: { name: string }, close: () => void) => {
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
    <CreateDialog
      title={trans('Create workspace')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={onSubmit}
      isPending={create.isPending}
      onClose={create.reset}
    >
      <FormTextField<Values>
        name="name"
        label={trans('Name')}
        description={trans('Your team shares this workspace’s artists, releases and insights.')}
        autoFocus
      />
    </CreateDialog>
  );
}
