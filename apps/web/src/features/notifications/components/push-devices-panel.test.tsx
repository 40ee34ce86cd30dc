import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { PushDevicesPanel } from './push-devices-panel';

beforeEach(() => resetBootstrapStore());
afterEach(() => clearToasts());

const device = (id: number, device: string, current = false) => ({
  id,
  device,
  service: 'fcm.googleapis.com',
  created_at: new Date().toISOString(),
  last_used_at: null,
  current,
});

describe('account settings: browsers receiving notifications', () => {
  it('lists the devices, marks this browser, and removes one', async () => {
    let devices = [device(1, 'Chrome on Linux', true), device(2, 'Firefox on Android')];
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/notifications/push/subscriptions' && call.method === 'GET')
        return ok({ subscriptions: devices });
      if (call.path === '/api/v1/notifications/push/subscriptions/2' && call.method === 'DELETE') {
        devices = devices.filter((d) => d.id !== 2);
        return ok({ message: 'Removed' });
      }
      return undefined;
    });
    renderInRouter(
      <>
        <PushDevicesPanel />
        <ToastRegion />
      </>,
      makeBootstrap({ user: makeUser(), settings: { notifications: { integrated: true } } }),
    );
    const rows = await screen.findAllByTestId('push-device');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('This browser')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByText('This browser')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Firefox on Android' }));
    expect(await screen.findByText('Browser removed')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('push-device')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/subscriptions/2'))).toBe(true);
  });

  it('says when no browser receives them', async () => {
    mockApi((call) =>
      call.path === '/api/v1/notifications/push/subscriptions' ? ok({ subscriptions: [] }) : undefined,
    );
    renderInRouter(
      <PushDevicesPanel />,
      makeBootstrap({ user: makeUser(), settings: { notifications: { integrated: true } } }),
    );
    expect(await screen.findByText('No browser receives notifications yet.')).toBeTruthy();
  });
});
