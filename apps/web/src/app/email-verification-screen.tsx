import { ChangeEmailDialog } from '#src/features/account';
import { EmailVerificationPage } from '#src/features/identity';

/**
 * The email verification screen (SPEC §2): the auth feature's page with the account feature's
 * "Change email" dialog, composed here where features meet.
 */
export default function EmailVerificationScreen() {
  return <EmailVerificationPage ChangeEmailDialog={ChangeEmailDialog} />;
}
