import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Moves a row of a reorderable list (React Aria's drag and drop) with the keyboard, as a keyboard
 * user does: focus the row's drag handle, Enter to pick it up, arrow keys to the drop position,
 * Enter to drop it there.
 *
 * Each key waits for the one before it to land. React Aria starts a keyboard drag on the next
 * animation frame after the Enter that picks the row up and only then focuses the first drop
 * position; on a busy machine keys pressed before that frame go to the list instead, and the row
 * never moves. So: Enter, then wait until a drop position has focus; each arrow, then wait until
 * focus is on the next position; the drop only once focus is on `dropAt`, the drop position's
 * accessible name ("Insert after Rock-Hewn Light", "Insert between A and B").
 */
export async function reorderByKeyboard(
  page: Page,
  handle: Locator,
  { key, dropAt }: { key: 'ArrowDown' | 'ArrowUp'; dropAt: string },
) {
  await handle.focus();
  await expect(handle).toBeFocused();
  await page.keyboard.press('Enter');
  const position = page.locator('[aria-roledescription="drop indicator"]:focus');
  await expect(position).toHaveCount(1);
  for (let step = 0; step < 20; step++) {
    const at = await position.getAttribute('aria-label');
    if (at === dropAt) break;
    await page.keyboard.press(key);
    await expect(position).not.toHaveAttribute('aria-label', at ?? '');
  }
  await expect(position).toHaveAttribute('aria-label', dropAt);
  await page.keyboard.press('Enter');
  // Dropped: the drag is over and focus is back on a row.
  await expect(page.locator('[aria-roledescription="drop indicator"]:focus')).toHaveCount(0);
}
