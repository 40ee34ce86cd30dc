import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { LazyMenuTrigger, lazyMenu } from './lazy-menu';
import { Menu, MenuItem } from './menu';

function Items({ onAction }: { onAction: (key: string) => void }) {
  return (
    <Menu aria-label="Options" onAction={(key) => onAction(String(key))}>
      <MenuItem id="first">First</MenuItem>
      <MenuItem id="second">Second</MenuItem>
    </Menu>
  );
}

function renderTrigger(menu: ReturnType<typeof lazyMenu<{ onAction: (key: string) => void }>>) {
  const onAction = vi.fn();
  render(
    <LazyMenuTrigger menu={menu} menuProps={{ onAction }}>
      {(trigger) => <Button {...trigger}>Options</Button>}
    </LazyMenuTrigger>,
  );
  return { onAction, trigger: screen.getByRole('button', { name: 'Options' }) };
}

describe('LazyMenuTrigger', () => {
  it('loads nothing until the trigger is reached, then behaves as a menu button', async () => {
    const load = vi.fn(async () => Items);
    const { trigger, onAction } = renderTrigger(lazyMenu(load));
    expect(load).not.toHaveBeenCalled();
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    // Keyboard: focus starts the download, Enter opens with the first item focused.
    await userEvent.tab();
    expect(document.activeElement).toBe(trigger);
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Options' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // Focus moves into the menu (which element takes it first is React Aria's business).
    await waitFor(() => {
      const active = document.activeElement;
      expect(Boolean(active && (active.contains(menu) || menu.contains(active)))).toBe(true);
    });

    // Escape closes and gives focus back to the trigger, which is the same element as before.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.contains(menu)).toBe(false));
    expect(document.activeElement).toBe(trigger);
    expect(screen.getByRole('button', { name: 'Options' })).toBe(trigger);

    // A second open uses the loaded code; choosing an item acts and closes.
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Second' }));
    expect(onAction).toHaveBeenCalledWith('second');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('closes when the menu code cannot be loaded, and tries again on the next press', async () => {
    const load = vi.fn().mockRejectedValue(new Error('offline'));
    const { trigger } = renderTrigger(lazyMenu(load));
    await userEvent.click(trigger);
    await waitFor(() => expect(trigger.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.queryByRole('menu')).toBeNull();
    const failed = load.mock.calls.length;

    load.mockResolvedValue(Items);
    await userEvent.click(trigger);
    expect(await screen.findByRole('menu', { name: 'Options' })).toBeTruthy();
    expect(load.mock.calls.length).toBeGreaterThan(failed);
  });
});
