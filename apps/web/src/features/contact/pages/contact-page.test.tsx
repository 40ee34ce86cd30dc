import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToasts } from '#src/ui/toast';
import { visit } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';

afterEach(() => {
  clearToasts();
  delete window.grecaptcha;
});

const SENT = 'Thanks! Your message was sent.';

async function fill(values: { name?: string; email?: string; message?: string }) {
  const u = userEvent.setup();
  if (values.name) await u.type(await screen.findByLabelText('Name'), values.name);
  if (values.email) await u.type(screen.getByLabelText('Email'), values.email);
  if (values.message) await u.type(screen.getByLabelText('Message'), values.message);
  return u;
}

describe('the contact page', () => {
  it('asks for every field before sending anything', async () => {
    const calls = mockApi(() => undefined);
    visit('/contact', makeBootstrap());
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The email field is required.')).toBeTruthy();
    expect(screen.getByText('The message field is required.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the message, says it was sent, and clears the form', async () => {
    const calls = mockApi(({ path }) =>
      path === '/api/v1/contact-page' ? ok({ message: SENT }) : undefined,
    );
    visit('/contact', makeBootstrap());
    const u = await fill({ name: 'Abebe', email: 'abebe@example.com', message: 'Hello there' });
    await u.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/contact-page',
      body: { name: 'Abebe', email: 'abebe@example.com', message: 'Hello there' },
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it("fills in a signed-in user's name and email", async () => {
    mockApi(() => undefined);
    visit(
      '/contact',
      makeBootstrap({ user: makeUser({ display_name: 'Selam', email: 'selam@example.com' }) }),
    );
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Selam');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('selam@example.com');
  });

  it("puts the server's field errors on their fields", async () => {
    const limited = 'Too many messages from this email address. Please try again in 60 seconds.';
    mockApi(({ path }) =>
      path === '/api/v1/contact-page'
        ? fail(429, { message: limited, errors: { email: [limited] } })
        : undefined,
    );
    visit('/contact', makeBootstrap());
    const u = await fill({ name: 'Abebe', email: 'abebe@example.com', message: 'Hello' });
    await u.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(limited)).toBeTruthy();
    expect(screen.queryByText(SENT)).toBeNull();
    // Nothing is lost: what was typed stays.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });
});

describe('the contact page with human verification', () => {
  const settings = {
    human_verification: { provider: 'recaptcha' as const, site_key: 'key-1', register: false, contact: true },
  };

  it('verifies first, then sends', async () => {
    window.grecaptcha = { ready: (cb) => cb(), execute: async () => 'captcha-token' };
    const calls = mockApi(({ path }) =>
      path === '/api/v1/recaptcha/verify' ? ok({ success: true }) : ok({ message: SENT }),
    );
    visit('/contact', makeBootstrap({ settings }));
    const u = await fill({ name: 'Abebe', email: 'abebe@example.com', message: 'Hello' });
    await u.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/recaptcha/verify', '/api/v1/contact-page']);
  });

  it("stops with 'Could not verify you are human.' when verification fails", async () => {
    window.grecaptcha = { ready: (cb) => cb(), execute: async () => 'bot' };
    const calls = mockApi(() => ok({ success: false }));
    visit('/contact', makeBootstrap({ settings }));
    const u = await fill({ name: 'Abebe', email: 'abebe@example.com', message: 'Hello' });
    await u.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Could not verify you are human.')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/v1/recaptcha/verify']));
  });
});
