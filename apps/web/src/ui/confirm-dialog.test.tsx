import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function Harness(props: Partial<ConfirmDialogProps> & { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      isOpen={open}
      onOpenChange={setOpen}
      title="Delete playlist"
      confirmLabel="Delete"
      danger
      {...props}
    >
      {props.children ?? 'It goes for everyone.'}
    </ConfirmDialog>
  );
}

describe('ConfirmDialog', () => {
  it('asks in an alert dialog; Cancel closes without confirming', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete playlist' });
    expect(within(dialog).getByText('It goes for everyone.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('names the way back as asked, and confirms', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} title="Cancel your plan?" cancelLabel="Keep my plan" />);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your plan?' });
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Keep my plan' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('holds the confirm button until the body says so', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} isConfirmDisabled />);
    const confirm = within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
