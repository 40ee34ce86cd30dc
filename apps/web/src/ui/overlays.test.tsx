import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogOut, User } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog, DialogTrigger } from './dialog';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from './menu';

function mockViewport(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Dialog', () => {
  it('opens from a trigger with a title, body, footer and close button', async () => {
    const user = userEvent.setup();
    render(
      <DialogTrigger>
        <Button>Delete account</Button>
        <Dialog
          title="Delete account?"
          size="sm"
          footer={({ close }) => <Button onPress={close}>Cancel</Button>}
        >
          This cannot be undone.
        </Dialog>
      </DialogTrigger>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account?' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
    const modal = dialog.closest<HTMLElement>('[data-size]');
    expect(modal?.dataset.size).toBe('sm');
    expect(modal?.style.getPropertyValue('--dialog-width')).toBe('384px');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is controllable and closes with its close button', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Dialog isOpen onOpenChange={onOpenChange} title="Settings" size="fullscreen">
        Body
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.closest<HTMLElement>('[data-size]')?.style.getPropertyValue('--dialog-width')).toBe(
      '1280px',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

function AccountMenu({ onAction }: { onAction: (key: unknown) => void }) {
  return (
    <MenuTrigger>
      <Button>Account</Button>
      <Menu onAction={onAction}>
        <MenuSection title="You">
          <MenuItem id="profile" icon={<User />} description="Public page">
            Profile page
          </MenuItem>
        </MenuSection>
        <MenuSeparator />
        <MenuItem id="logout" icon={<LogOut />} variant="danger">
          Log out
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

describe('Menu', () => {
  it('renders items with descriptions and runs the chosen action', async () => {
    mockViewport(1280);
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(<AccountMenu onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('menu');
    expect(menu.closest('[data-trigger="MenuTrigger"]')).not.toBeNull();
    // React Aria makes the popover a dialog named by the trigger: the menu sits in it.
    expect(screen.getByRole('dialog', { name: 'Account' }).contains(menu)).toBe(true);
    expect(within(menu).getByText('Public page')).toBeTruthy();
    expect(within(menu).getByText('You')).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: /Log out/ }));
    expect(onAction.mock.calls[0]?.[0]).toBe('logout');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('renders in a tray (modal bottom sheet) on screens under 768 px', async () => {
    mockViewport(500);
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(<AccountMenu onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('menu');
    expect(menu.closest('[data-trigger="MenuTrigger"]')).toBeNull();
    expect(menu.closest('.max-w-\\[375px\\]')).not.toBeNull();
    // As in the popover, the menu sits in a dialog named by its trigger (never outside a landmark).
    expect(screen.getByRole('dialog', { name: 'Account' }).contains(menu)).toBe(true);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('names an item by everything its label line shows: the count at its end, and what it counts', async () => {
    mockViewport(500);
    const user = userEvent.setup();
    render(
      <MenuTrigger>
        <Button>Account</Button>
        <Menu>
          <MenuItem id="notifications" endContent={3} endContentNote="unread">
            Notifications
          </MenuItem>
        </Menu>
      </MenuTrigger>,
    );
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('menuitem', { name: /^Notifications\s*3 unread$/ })).toBeTruthy();
  });
});
