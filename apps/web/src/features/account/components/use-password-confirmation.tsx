import { type ReactNode, useCallback, useRef, useState } from 'react';
import { ApiError } from '#src/lib/api-error';
import { fetchConfirmedPasswordStatus } from '../api/get-confirmed-password-status';
import { ConfirmPasswordDialog } from './confirm-password-dialog';

/** The server's answer when a sensitive call needs a fresh password confirmation. */
export const PASSWORD_CONFIRMATION_REQUIRED_STATUS = 423;

export interface PasswordConfirmation {
  /**
   * Runs `action` once the password is confirmed: asks first when the server says it is not
   * (GET confirmed-password-status), and asks then retries once when the action answers 423.
   * Resolves with the action's result, or `undefined` when the user cancelled the dialog.
   */
  withConfirmation: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  /** The password dialog; render it once in the component using the hook. */
  dialog: ReactNode;
  isAsking: boolean;
}

/** SPEC §4: sensitive actions ask to confirm the password unless it was confirmed in the last 9000 s. */
export function usePasswordConfirmation(): PasswordConfirmation {
  const [isAsking, setAsking] = useState(false);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false);
        pending.current = resolve;
        setAsking(true);
      }),
    [],
  );

  const finish = useCallback((confirmed: boolean) => {
    const resolve = pending.current;
    pending.current = null;
    setAsking(false);
    resolve?.(confirmed);
  }, []);

  const withConfirmation = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
      const confirmed = await fetchConfirmedPasswordStatus();
      if (!confirmed && !(await ask())) return undefined;
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== PASSWORD_CONFIRMATION_REQUIRED_STATUS)
          throw error;
        if (!(await ask())) return undefined;
        return action();
      }
    },
    [ask],
  );

  const dialog = (
    <ConfirmPasswordDialog
      isOpen={isAsking}
      onConfirmed={() => finish(true)}
      onCancel={() => finish(false)}
    />
  );

  return { withConfirmation, dialog, isAsking };
}
