import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { UploadQuota } from './upload-quota';

beforeEach(() => resetBootstrapStore());

const MB = 1024 ** 2;

describe('the upload quota line', () => {
  it('shows the bytes used against the quota, with a labelled meter', async () => {
    mockApi((call) =>
      call.path === '/api/v1/uploads/usage'
        ? ok({ used_bytes: 256 * MB, quota_bytes: 1024 * MB })
        : undefined,
    );
    renderInRouter(<UploadQuota />, makeBootstrap({ user: makeUser() }));
    expect(await screen.findByText('256 MB of 1 GB used')).toBeTruthy();
    const meter = screen.getByRole('progressbar', { name: 'Storage used' });
    expect(meter.getAttribute('value')).toBe(String(256 * MB));
  });

  it('says there is no limit when the quota is null', async () => {
    mockApi((call) =>
      call.path === '/api/v1/uploads/usage' ? ok({ used_bytes: 0, quota_bytes: null }) : undefined,
    );
    renderInRouter(<UploadQuota />, makeBootstrap({ user: makeUser() }));
    expect(await screen.findByText('0 MB used · no storage limit')).toBeTruthy();
  });
});
