import { type ButtonProps, Link, type LinkProps, Button as RACButton } from 'react-aria-components';
import { cx } from '#src/ui/cx';

const textLinkClass = 'rounded-sm font-medium text-primary underline-offset-2 hover:underline';

/** An inline link in auth forms and footers ('Forgot your password?', 'Sign up.'). */
export function TextLink({ className, ...props }: Omit<LinkProps, 'className'> & { className?: string }) {
  return <Link {...props} className={cx(textLinkClass, className)} />;
}

/** An action that reads like a link ('Resend email', 'Use a recovery code'). */
export function TextButton({ className, ...props }: Omit<ButtonProps, 'className'> & { className?: string }) {
  return (
    <RACButton
      {...props}
      className={cx(
        textLinkClass,
        'cursor-pointer text-sm data-disabled:cursor-not-allowed data-disabled:opacity-60 data-pending:cursor-wait data-pending:opacity-60',
        className,
      )}
    />
  );
}
