import { Link, type LinkProps } from 'react-aria-components';
import { cx, focusRing } from '#src/ui/cx';

/** An inline link in auth forms and footers ('Forgot your password?', 'Sign up.'). */
export function TextLink({ className, ...props }: Omit<LinkProps, 'className'> & { className?: string }) {
  return (
    <Link
      {...props}
      className={cx(
        'rounded-sm font-medium text-primary underline-offset-2 hover:underline',
        focusRing,
        className,
      )}
    />
  );
}
