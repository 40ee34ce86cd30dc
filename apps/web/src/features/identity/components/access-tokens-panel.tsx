import { type AccessToken, msg } from '@zema/contracts';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ACCOUNT_TEXTS, SettingsPanel } from '#src/features/account';
import { useFormat } from '#src/lib/format';
import { Trans, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { toast } from '#src/ui/toast';
import { useDeleteAccessToken } from '../api/delete-access-token';
import { CreateTokenDialog, TOKEN_TEXTS } from './create-token-dialog';

export const DEVELOPERS_TEXTS = {
  title: msg('Developers'),
  description: msg(
    'Personal access tokens let scripts and other apps call the API as you: send one in the Authorization header as "Bearer <token>".',
  ),
  empty: msg('You have no API tokens yet.'),
  deleted: msg('Deleted token'),
  docs: msg('API documentation'),
} as const;

/** API access tokens (only shown with settings.api.integrated and api.access; the page decides). */
export function AccessTokensPanel({ tokens }: { tokens: AccessToken[] }) {
  const [isCreating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<AccessToken | null>(null);
  const remove = useDeleteAccessToken();
  const format = useFormat();
  const { trans } = useTrans();

  return (
    <SettingsPanel id="developers" title={DEVELOPERS_TEXTS.title} description={DEVELOPERS_TEXTS.description}>
      {tokens.length === 0 ? (
        <p className="text-sm text-muted">{trans(DEVELOPERS_TEXTS.empty)}</p>
      ) : (
        <ul aria-label={trans('API tokens')} className="flex flex-col divide-y divide-divider">
          {tokens.map((token) => (
            <li key={token.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{token.name}</p>
                <p className="text-sm text-muted">
                  <Trans
                    message="Last used {time}"
                    elements={{
                      time: token.last_used_at ? (
                        <time dateTime={token.last_used_at} title={format.dateTime(token.last_used_at)}>
                          {format.relativeTime(token.last_used_at)}
                        </time>
                      ) : (
                        trans(ACCOUNT_TEXTS.never)
                      ),
                    }}
                  />
                </p>
              </div>
              <Button
                variant="icon"
                size="sm"
                aria-label={trans('Delete token {name}', { name: token.name })}
                onPress={() => setToDelete(token)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-2">
        <Button onPress={() => setCreating(true)} startIcon={<Plus aria-hidden="true" className="size-4" />}>
          <Trans message={TOKEN_TEXTS.create} />
        </Button>
        <LinkButton href={paths.apiDocs()} variant="text">
          <Trans message={DEVELOPERS_TEXTS.docs} />
        </LinkButton>
      </div>
      <CreateTokenDialog isOpen={isCreating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        title={trans('Delete token')}
        isOpen={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        confirmLabel={trans('Delete')}
        danger
        isPending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              setToDelete(null);
              toast.positive(trans(DEVELOPERS_TEXTS.deleted));
            },
          });
        }}
      >
        <p>
          <Trans
            message="Delete the token {name}? Anything using it will stop working."
            elements={{ name: <strong>{toDelete?.name}</strong> }}
          />
        </p>
      </ConfirmDialog>
    </SettingsPanel>
  );
}
