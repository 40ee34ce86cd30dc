import {
  type ComponentType,
  lazy,
  type ReactElement,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
} from 'react';
import type { AriaButtonProps } from 'react-aria/useButton';
import { useMenuTrigger } from 'react-aria/useMenu';
import { useMenuTriggerState } from 'react-stately/useMenuTriggerState';
import type { MenuScopeProps } from './menu';

/**
 * A menu whose code loads the first time it opens, for triggers that are on screen from the first
 * paint: the account avatar, the navbar's menu button, the language picker, and the "More options"
 * button of every track row. The trigger's keys, ARIA state and focus come from React Aria's
 * `useMenuTrigger` (light); the menu itself — React Aria's collections, the popover and the tray,
 * about 25 kB gzipped — is fetched when the pointer reaches the trigger, focus lands on it, or it
 * is pressed, so a page does not carry that code in its first load (docs/benchmarks.md).
 */
export interface LazyMenu<P> {
  /** Starts loading the menu's code. */
  preload: () => void;
  /** The open menu (suspends until its code is there). */
  Open: ComponentType<OpenMenuProps<P>>;
}

interface OpenMenuProps<P> {
  scope: MenuScopeProps;
  props: P;
}

interface LoadedMenu<P> {
  MenuScope: ComponentType<MenuScopeProps>;
  Items: ComponentType<P>;
}

/** `load` resolves to a component that renders a `Menu` from `ui/menu`. */
export function lazyMenu<P extends object>(load: () => Promise<ComponentType<P>>): LazyMenu<P> {
  let loading: Promise<LoadedMenu<P> | null> | undefined;
  const get = () => {
    loading ??= Promise.all([import('./menu'), load()]).then(
      ([menu, Items]) => ({ MenuScope: menu.MenuScope, Items }),
      () => {
        // Offline, or a new deployment replaced the chunk: try again on the next press.
        loading = undefined;
        return null;
      },
    );
    return loading;
  };
  // After a failed load the next press needs a fresh lazy component: React keeps what one resolved to.
  const fresh = (): ComponentType<OpenMenuProps<P>> =>
    lazy(() =>
      get().then((loaded) => {
        if (!loaded) menu.Open = fresh();
        return { default: openMenu(loaded) };
      }),
    );
  const menu: LazyMenu<P> = { Open: fresh(), preload: () => void get() };
  return menu;
}

/** The open menu inside what its trigger gives it, or (code not loaded) a close. */
function openMenu<P extends object>(loaded: LoadedMenu<P> | null) {
  return ({ scope, props }: OpenMenuProps<P>) =>
    loaded ? (
      <loaded.MenuScope {...scope}>
        <loaded.Items {...props} />
      </loaded.MenuScope>
    ) : (
      <CloseOnMount close={scope.state.close} />
    );
}

function CloseOnMount({ close }: { close: () => void }) {
  useEffect(() => close(), [close]);
  return null;
}

export type MenuTriggerButtonProps = AriaButtonProps & {
  ref: RefObject<HTMLButtonElement | null>;
  onHoverStart: () => void;
  onFocus: () => void;
};

export interface LazyMenuTriggerProps<P> {
  menu: LazyMenu<P>;
  /** Props of the menu's items component. */
  menuProps: P;
  /** The trigger button; spread the given props onto a React Aria `Button`. */
  children: (trigger: MenuTriggerButtonProps) => ReactElement;
}

/** A `MenuTrigger` for a lazily loaded menu. */
export function LazyMenuTrigger<P extends object>({ menu, menuProps, children }: LazyMenuTriggerProps<P>) {
  const state = useMenuTriggerState({});
  const ref = useRef<HTMLButtonElement>(null);
  const { menuTriggerProps, menuProps: ariaMenuProps } = useMenuTrigger({ type: 'menu' }, state, ref);
  return (
    <>
      {children({ ...menuTriggerProps, ref, onHoverStart: menu.preload, onFocus: menu.preload })}
      {state.isOpen && (
        <Suspense fallback={null}>
          <menu.Open props={menuProps} scope={{ state, menuProps: ariaMenuProps, triggerRef: ref }} />
        </Suspense>
      )}
    </>
  );
}
