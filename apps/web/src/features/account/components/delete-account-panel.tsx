import { DEFAULT_ERROR_MESSAGE, msg } from '@zema/contracts';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '#src/lib/api-error';
import { setBootstrapData } from '#src/lib/bootstrap-store';
import { Trans, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { TextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { deleteAccount } from '../api/delete-account';
import type { AccountSettingsUser } from '../api/get-account';
import { SettingsPanel } from './settings-panel';
import { usePasswordConfirmation } from './use-password-confirmation';

export const DELETE_ACCOUNT_TEXTS = {
  description: msg(
    'Once your account is deleted, all of its resources and data will be permanently deleted: your profile, sessions, access tokens and uploaded images.',
  ),
  /** Typed as it is in every language: the check compares it. */
  confirmWord: 'DELETE',
  warning: msg('You are about to delete {email}. This cannot be undone. Type {word} to confirm.'),
  field: msg('Type {word} to confirm'),
} as const;

/** Danger zone: delete the account after a typed confirmation and the password (SPEC §2, §7). */
export function DeleteAccountPanel({ user }: { user: AccountSettingsUser }) {
  const [isOpen, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [isPending, setPending] = useState(false);
  const navigate = useNavigate();
  const confirmation = usePasswordConfirmation();
  const { trans } = useTrans();

  const close = () => {
    setOpen(false);
    setTyped('');
  };

  const onDelete = async () => {
    setPending(true);
    try {
      const data = await confirmation.withConfirmation(() => deleteAccount(user.id));
      if (!data) return;
      close();
      setBootstrapData(data, { clearQueryCache: true });
      await navigate(paths.login(), { replace: true });
    } catch (error) {
      toast.danger(error instanceof ApiError ? error.message : trans(DEFAULT_ERROR_MESSAGE));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsPanel
      id="delete-account"
      title={msg('Danger zone')}
      tone="danger"
      description={DELETE_ACCOUNT_TEXTS.description}
    >
      {confirmation.dialog}
      <Button variant="danger" onPress={() => setOpen(true)}>
        <Trans message="Delete account" />
      </Button>
      <ConfirmDialog
        title={trans('Delete account')}
        isOpen={isOpen && !confirmation.isAsking}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        confirmLabel={trans('Delete account')}
        danger
        isPending={isPending}
        isConfirmDisabled={typed.trim() !== DELETE_ACCOUNT_TEXTS.confirmWord}
        onConfirm={() => void onDelete()}
      >
        <div className="flex flex-col gap-4">
          <p className="flex gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
            <span>
              <Trans
                message={DELETE_ACCOUNT_TEXTS.warning}
                values={{ word: DELETE_ACCOUNT_TEXTS.confirmWord }}
                elements={{ email: <strong>{user.email}</strong> }}
              />
            </span>
          </p>
          <TextField
            label={trans(DELETE_ACCOUNT_TEXTS.field, { word: DELETE_ACCOUNT_TEXTS.confirmWord })}
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            autoFocus
          />
        </div>
      </ConfirmDialog>
    </SettingsPanel>
  );
}
