import type { ReactNode, Ref } from 'react';
import {
  composeRenderProps,
  Button as RACButton,
  type ButtonProps as RACButtonProps,
  Link as RACLink,
  type LinkProps as RACLinkProps,
} from 'react-aria-components';
import { cx } from './cx';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'outline' | 'text' | 'danger' | 'icon';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'relative inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors cursor-pointer data-disabled:cursor-not-allowed data-disabled:opacity-50 data-pending:cursor-wait';

const variants: Record<ButtonVariant, string> = {
  primary:
    'rounded-theme bg-primary text-on-primary data-hovered:bg-primary-hover data-pressed:bg-primary-hover',
  outline:
    'rounded-theme border border-divider bg-transparent text-fg data-hovered:bg-hover data-pressed:bg-hover',
  text: 'rounded-theme bg-transparent text-fg data-hovered:bg-hover data-pressed:bg-hover',
  danger: 'rounded-theme bg-danger text-on-danger data-hovered:brightness-110 data-pressed:brightness-95',
  icon: 'rounded-full bg-transparent text-muted data-hovered:bg-hover data-hovered:text-fg data-pressed:bg-hover',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-xs',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

const iconSizes: Record<ButtonSize, string> = {
  sm: 'size-8 [&_svg]:size-4',
  md: 'size-10 [&_svg]:size-5',
  lg: 'size-12 [&_svg]:size-6',
};

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** `circle`: a round button around an icon (Play, Pause); its size comes from `className`. */
  shape?: 'default' | 'circle';
  /** Stretch to the container width. */
  fullWidth?: boolean;
}

/** Class names of a button, for elements that must look like one (e.g. a native `<a download>`). */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  shape = 'default',
  fullWidth,
}: ButtonStyleProps = {}): string {
  return cx(
    base,
    variants[variant],
    variant === 'icon' ? iconSizes[size] : sizes[size],
    shape === 'circle' && 'rounded-full p-0',
    fullWidth && 'w-full',
  );
}

export interface ButtonProps extends Omit<RACButtonProps, 'className'>, ButtonStyleProps {
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  /** Icon shown before the label. */
  startIcon?: ReactNode;
  /** Icon shown after the label. */
  endIcon?: ReactNode;
}

/**
 * A pressable button. `variant="icon"` buttons have no visible text: give them an `aria-label`.
 * `isPending` keeps the button focusable, blocks presses and shows a spinner over the label.
 */
export function Button({
  variant,
  size,
  shape,
  fullWidth,
  className,
  startIcon,
  endIcon,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <RACButton
      {...props}
      type={type}
      className={cx(buttonClass({ variant, size, shape, fullWidth }), className)}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          <span className={cx('inline-flex items-center gap-2', isPending && 'invisible')}>
            {startIcon}
            {content}
            {endIcon}
          </span>
          {isPending && (
            <span className="absolute inset-0 flex items-center justify-center">
              <Spinner size="xs" />
            </span>
          )}
        </>
      ))}
    </RACButton>
  );
}

export interface LinkButtonProps extends Omit<RACLinkProps, 'className'>, ButtonStyleProps {
  className?: string;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
}

/**
 * A link that looks like a button. `href` navigates on the client when the app is wrapped in RAC's
 * RouterProvider; external links work as plain anchors.
 */
export function LinkButton({
  variant,
  size,
  shape,
  fullWidth,
  className,
  startIcon,
  endIcon,
  children,
  ...props
}: LinkButtonProps) {
  return (
    <RACLink
      {...props}
      className={cx(buttonClass({ variant, size, shape, fullWidth }), 'no-underline', className)}
    >
      {composeRenderProps(children, (content) => (
        <>
          {startIcon}
          {content}
          {endIcon}
        </>
      ))}
    </RACLink>
  );
}
