import type { ReactElement, ReactNode } from 'react';
import {
  Focusable,
  OverlayArrow,
  Tooltip as RACTooltip,
  type TooltipProps as RACTooltipProps,
  TooltipTrigger,
} from 'react-aria-components';
import { cx } from './cx';

type FocusableChild = Parameters<typeof Focusable>[0]['children'];

/** SPEC §9: a tooltip opens after 1500 ms of hover and lingers 500 ms after the pointer leaves. */
export const TOOLTIP_DELAY_MS = 1500;
export const TOOLTIP_CLOSE_DELAY_MS = 500;

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /**
   * The focusable element it describes: a kit `Button`/`LinkButton` or any RAC focusable. Plain
   * DOM elements are wrapped in RAC's `Focusable` (they must be focusable themselves).
   */
  children: ReactElement;
  delay?: number;
  closeDelay?: number;
  placement?: RACTooltipProps['placement'];
  isDisabled?: boolean;
  className?: string;
}

/** Hover or keyboard focus shows a short hint; Escape hides it (React Aria). */
export function Tooltip({
  content,
  children,
  delay = TOOLTIP_DELAY_MS,
  closeDelay = TOOLTIP_CLOSE_DELAY_MS,
  placement = 'top',
  isDisabled,
  className,
}: TooltipProps) {
  const trigger =
    typeof children.type === 'string' ? <Focusable>{children as FocusableChild}</Focusable> : children;
  return (
    <TooltipTrigger delay={delay} closeDelay={closeDelay} isDisabled={isDisabled}>
      {trigger}
      <RACTooltip
        placement={placement}
        offset={8}
        className={cx(
          'max-w-64 rounded-md bg-fg px-2.5 py-1.5 text-xs font-medium text-bg shadow-lg outline-none',
          className,
        )}
      >
        <OverlayArrow>
          <svg
            aria-hidden="true"
            width={8}
            height={8}
            viewBox="0 0 8 8"
            className="fill-fg [[data-placement=bottom]_&]:rotate-180 [[data-placement=left]_&]:-rotate-90 [[data-placement=right]_&]:rotate-90"
          >
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </RACTooltip>
    </TooltipTrigger>
  );
}
