import { act, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error';
import { Form, FormCheckbox, FormTextField } from './field';
import { applyServerErrors } from './form-errors';
import { clearToasts, ToastRegion } from './toast';

interface Values {
  email: string;
  password: string;
  remember: boolean;
}

let api: { apply: (error: unknown) => boolean } | null = null;

function LoginForm() {
  const form = useForm<Values>({ defaultValues: { email: '', password: '', remember: true } });
  api = { apply: (error) => applyServerErrors(form, error) };
  return (
    <Form form={form} onSubmit={() => {}}>
      <FormTextField<Values> name="email" label="Email" type="email" />
      <FormTextField<Values> name="password" label="Password" type="password" />
      <FormCheckbox<Values> name="remember">Stay signed in for a month</FormCheckbox>
    </Form>
  );
}

function setup() {
  render(
    <>
      <LoginForm />
      <ToastRegion />
    </>,
  );
  if (!api) throw new Error('form not rendered');
  return api;
}

function apply(error: unknown): boolean {
  const form = setup();
  let result = false;
  act(() => {
    result = form.apply(error);
  });
  return result;
}

describe('applyServerErrors', () => {
  afterEach(() => {
    act(() => clearToasts());
    api = null;
  });

  it('places the first message of each field and focuses the first errored field', () => {
    const handled = apply(
      new ApiError(422, {
        message: 'The given data was invalid.',
        errors: {
          password: ['The password is too short.', 'The password needs a digit.'],
          email: ['This email is taken.'],
        },
      }),
    );
    expect(handled).toBe(true);
    expect(screen.getByText('The password is too short.')).toBeTruthy();
    expect(screen.queryByText('The password needs a digit.')).toBeNull();
    expect(screen.getByText('This email is taken.')).toBeTruthy();
    const password = screen.getByLabelText('Password');
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    // Field errors are shown on the fields, not as a toast.
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('accepts a plain string per field', () => {
    apply({ message: 'Invalid', errors: { email: 'Enter a valid email address.' } });
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('links the message to the input for screen readers', () => {
    apply(new ApiError(422, { message: 'Invalid', errors: { email: 'Enter a valid email address.' } }));
    const input = screen.getByLabelText('Email');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const ids = describedBy.split(' ').filter(Boolean);
    const texts = ids.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Enter a valid email address.');
  });

  it('shows a message for a field the form does not have as a danger toast', async () => {
    const handled = apply(
      new ApiError(422, {
        message: 'Invalid',
        errors: { email: ['Taken.'], captcha: ['Could not verify you are human.'] },
      }),
    );
    expect(handled).toBe(true);
    expect(screen.getByText('Taken.')).toBeTruthy();
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Could not verify you are human.');
  });

  it('without an errors map shows the server message as a danger toast and returns false', async () => {
    const handled = apply(new ApiError(500, { message: 'Mail server is down' }));
    expect(handled).toBe(false);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Mail server is down');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('falls back to the default message', async () => {
    const handled = apply(new Error(''));
    expect(handled).toBe(false);
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'There was an issue. Please try again.',
    );
  });

  it('uses the default message for an ApiError without a message', async () => {
    apply(new ApiError(500, {}));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'There was an issue. Please try again.',
    );
  });

  it('places errors on checkboxes too', () => {
    apply(new ApiError(422, { message: 'Invalid', errors: { remember: ['Please accept.'] } }));
    expect(screen.getByText('Please accept.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Stay signed in for a month'));
  });
});
