import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_CODE_LENGTH, twoFactorConfirmRequestSchema } from '@zema/contracts';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { patchAccount, patchBootstrapUser, usePasswordConfirmation } from '#src/features/account';
import { ApiError } from '#src/lib/api-error';
import { useSettings } from '#src/lib/bootstrap-store';
import { Trans, useTrans } from '#src/lib/i18n';
import { reportError } from '#src/lib/report-error';
import { Button } from '#src/ui/button';
import { CopyButton } from '#src/ui/copy-button';
import { Form, FormTextField, TextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { Spinner } from '#src/ui/spinner';
import { confirmTwoFactor } from '../api/confirm-two-factor';
import { disableTwoFactor } from '../api/disable-two-factor';
import { enableTwoFactor } from '../api/enable-two-factor';
import { twoFactorQrCodeQueryOptions, useTwoFactorQrCode } from '../api/get-two-factor-qr-code';
import { regenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import {
  initialTwoFactorState,
  TWO_FACTOR_PANEL_TEXTS as T,
  type TwoFactorState,
  type TwoFactorUserFields,
} from '../lib/two-factor-state';
import { RecoveryCodes } from './recovery-codes';

interface CodeValues {
  code: string;
}

/**
 * SPEC §4 two-factor panel: not enabled → Enable (password confirmed first) → setup with the QR
 * code and setup key → a 6-digit code → enabled with the recovery codes shown once; regenerate or
 * Disable from there; Cancel in setup returns to not enabled.
 */
export function TwoFactorPanelContent({ user }: { user: TwoFactorUserFields }) {
  const [state, setState] = useState<TwoFactorState>(() => initialTwoFactorState(user));
  const [codes, setCodes] = useState<string[] | null>(null);
  const { site_name } = useSettings();
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const confirmation = usePasswordConfirmation();
  const form = useForm<CodeValues>({
    resolver: zodResolver(twoFactorConfirmRequestSchema),
    defaultValues: { code: '' },
  });

  const setConfirmedAt = (value: string | null) => {
    patchAccount(queryClient, (u) => ({
      ...u,
      two_factor_confirmed_at: value,
      two_factor_recovery_codes: null,
    }));
    patchBootstrapUser({ two_factor_confirmed_at: value });
  };

  const enable = useMutation({
    mutationFn: () => confirmation.withConfirmation(enableTwoFactor),
    onSuccess: (answer) => {
      if (!answer) return;
      queryClient.removeQueries({ queryKey: twoFactorQrCodeQueryOptions().queryKey });
      form.reset({ code: '' });
      setState('setup');
    },
  });

  const disable = useMutation({
    mutationFn: () => confirmation.withConfirmation(disableTwoFactor),
    onSuccess: (answer) => {
      if (!answer) return;
      setCodes(null);
      setConfirmedAt(null);
      setState('disabled');
    },
  });

  const confirm = useMutation({
    mutationFn: (code: string) => confirmation.withConfirmation(() => confirmTwoFactor(code)),
    meta: { handlesErrors: true },
    onSuccess: (recoveryCodes) => {
      if (!recoveryCodes) return;
      setCodes(recoveryCodes);
      setConfirmedAt(new Date().toISOString());
      setState('enabled');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) applyServerErrors(form, error);
      else reportError(error);
    },
  });

  const regenerate = useMutation({
    mutationFn: () => confirmation.withConfirmation(regenerateRecoveryCodes),
    onSuccess: (recoveryCodes) => {
      if (recoveryCodes) setCodes(recoveryCodes);
    },
  });

  const busy = enable.isPending || disable.isPending || confirm.isPending || regenerate.isPending;

  return (
    <div className="flex flex-col gap-5">
      {confirmation.dialog}
      <div className="flex items-start gap-3">
        {state === 'enabled' ? (
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-positive" />
        ) : (
          <ShieldOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        )}
        <div>
          <h3 className="text-base font-semibold" aria-live="polite">
            {trans(
              state === 'enabled' ? T.enabledHeading : state === 'setup' ? T.setupHeading : T.disabledHeading,
            )}
          </h3>
          <p className="mt-1 max-w-prose text-sm text-muted">{trans(T.explanation)}</p>
        </div>
      </div>

      {state === 'setup' && (
        <SetupStep
          onContinue={() =>
            confirmation.withConfirmation(() => queryClient.refetchQueries(twoFactorQrCodeQueryOptions()))
          }
        />
      )}

      {state === 'setup' && (
        <Form
          form={form}
          aria-label={trans('Confirm two-factor authentication')}
          onSubmit={(values) => confirm.mutate(values.code.trim())}
          className="max-w-xs"
        >
          <FormTextField<CodeValues>
            name="code"
            label={trans('Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TWO_FACTOR_CODE_LENGTH}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isPending={confirm.isPending} isDisabled={busy && !confirm.isPending}>
              {trans('Confirm')}
            </Button>
            <Button
              variant="outline"
              isPending={disable.isPending}
              isDisabled={busy && !disable.isPending}
              onPress={() => disable.mutate()}
            >
              {trans('Cancel')}
            </Button>
          </div>
        </Form>
      )}

      {state === 'enabled' && codes && <RecoveryCodes codes={codes} siteName={site_name} />}

      {state === 'disabled' && (
        <div>
          <Button isPending={enable.isPending} onPress={() => enable.mutate()}>
            <Trans message="Enable" />
          </Button>
        </div>
      )}

      {state === 'enabled' && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            isPending={regenerate.isPending}
            isDisabled={busy && !regenerate.isPending}
            onPress={() => regenerate.mutate()}
          >
            <Trans message="Regenerate recovery codes" />
          </Button>
          <Button
            variant="danger"
            isPending={disable.isPending}
            isDisabled={busy && !disable.isPending}
            onPress={() => disable.mutate()}
          >
            <Trans message="Disable" />
          </Button>
        </div>
      )}
    </div>
  );
}

/** The QR code (server SVG as an image, never as markup) and the setup key with a copy button. */
function SetupStep({ onContinue }: { onContinue: () => Promise<unknown> }) {
  const qr = useTwoFactorQrCode(true);
  const { trans } = useTrans();
  const needsPassword = qr.error instanceof ApiError && qr.error.status === 423;

  if (qr.isPending) return <Spinner label={trans('Loading QR code')} />;
  if (qr.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted">{needsPassword ? trans(T.confirmToContinue) : qr.error.message}</p>
        <Button variant="outline" onPress={() => void onContinue()}>
          {needsPassword ? trans('Confirm password') : trans('Try again')}
        </Button>
      </div>
    );
  }

  const src = `data:image/svg+xml;base64,${toBase64(qr.data.svg)}`;
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-sm font-medium">{trans(T.scan)}</p>
      <img
        src={src}
        alt={trans('QR code to scan with an authenticator application')}
        className="size-48 rounded-theme border border-divider bg-white p-2"
      />
      <div className="flex max-w-md flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label={trans('Setup key')}
          value={qr.data.secret}
          isReadOnly
          className="min-w-0 flex-1"
          inputClassName="font-mono"
        />
        <CopyButton text={qr.data.secret} aria-label={trans('Copy setup key')} />
      </div>
    </div>
  );
}

/** Base64 of a UTF-8 string (btoa alone only takes Latin-1). */
function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
