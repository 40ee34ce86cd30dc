import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { CreateDialog } from './create-dialog';
import { FormTextField } from './field';

type Values = { name: string };

function Harness({
  onSubmit,
  onClose,
}: {
  onSubmit: (v: Values, close: () => void) => void;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<Values>({ defaultValues: { name: '' } });
  return (
    <>
      <Button onPress={() => setOpen(true)}>New thing</Button>
      <CreateDialog
        title="New thing"
        isOpen={open}
        onOpenChange={setOpen}
        form={form}
        onSubmit={onSubmit}
        isPending={false}
        onClose={onClose}
      >
        <FormTextField<Values> name="name" label="Name" />
      </CreateDialog>
    </>
  );
}

describe('CreateDialog', () => {
  it('submits the values with a close that clears the form; Cancel clears it too', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((_values: Values, close: () => void) => close());
    const u = userEvent.setup();
    render(<Harness onSubmit={onSubmit} onClose={onClose} />);

    await u.click(screen.getByRole('button', { name: 'New thing' }));
    const form = screen.getByRole('form', { name: 'New thing' });
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Road trip');
    await u.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Road trip' });
    expect(form.isConnected).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);

    await u.click(screen.getByRole('button', { name: 'New thing' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Half typed');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await u.click(screen.getByRole('button', { name: 'New thing' }));
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });
});
