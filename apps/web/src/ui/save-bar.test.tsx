import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SaveBar } from './save-bar';

const bar = () => screen.getByRole('group', { name: 'Save or discard changes' });

describe('SaveBar', () => {
  it('with nothing changed: no line, Discard held, Save as the page says', () => {
    render(<SaveBar isDirty={false} saveLabel="Save role" onSave={() => {}} onDiscard={() => {}} />);
    expect(within(bar()).getByRole('status').textContent).toBe('');
    expect((within(bar()).getByRole('button', { name: 'Discard' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(bar()).getByRole('button', { name: 'Save role' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('with changes: says so, and Discard and Save call back', async () => {
    const onSave = vi.fn();
    const onDiscard = vi.fn();
    render(<SaveBar isDirty saveLabel="Save role" onSave={onSave} onDiscard={onDiscard} />);
    expect(within(bar()).getByRole('status').textContent).toBe('Unsaved changes');
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('without onSave, submits the form it is in', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <SaveBar isDirty saveLabel="Save artist" onDiscard={() => {}} />
      </form>,
    );
    const save = screen.getByRole('button', { name: 'Save artist' }) as HTMLButtonElement;
    expect(save.type).toBe('submit');
    fireEvent.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('while saving: Discard waits; the page may hold Save; its own labels and lines', () => {
    const { rerender } = render(
      <SaveBar
        isDirty
        isSaving
        saveLabel="Save"
        onSave={() => {}}
        discardLabel="Cancel"
        onDiscard={() => {}}
        message="Name the plan first."
      />,
    );
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Name the plan first.');
    rerender(
      <SaveBar
        isDirty
        saveLabel="Save"
        onSave={() => {}}
        isSaveDisabled
        onDiscard={() => {}}
        error="The server refused."
      />,
    );
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('The server refused.');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});
