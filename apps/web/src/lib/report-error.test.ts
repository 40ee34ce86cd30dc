import { beforeEach, describe, expect, it, vi } from 'vitest';

const showErrorDialog = vi.fn();
const danger = vi.fn();
vi.mock('#src/ui/error-dialog', () => ({ showErrorDialog: (...a: unknown[]) => showErrorDialog(...a) }));
vi.mock('#src/ui/toast', () => ({ toast: { danger: (...a: unknown[]) => danger(...a) } }));

const { ApiError } = await import('./api-error');
const { reportError } = await import('./report-error');
const { createQueryClient } = await import('./query-client');

beforeEach(() => {
  showErrorDialog.mockClear();
  danger.mockClear();
});

describe('reportError (SPEC §8)', () => {
  it('opens the error dialog for a debug payload', () => {
    const debug = { message: 'Boom', exception: 'TypeError', trace: [], totalVendorGroups: 0 };
    reportError(new ApiError(500, debug));
    expect(showErrorDialog).toHaveBeenCalledWith(debug);
    expect(danger).not.toHaveBeenCalled();
  });

  it("toasts the server's message", () => {
    reportError(new ApiError(403, { message: 'You are not allowed to do that.' }));
    expect(danger).toHaveBeenCalledWith('You are not allowed to do that.');
    expect(showErrorDialog).not.toHaveBeenCalled();
  });

  it('toasts the default message otherwise', () => {
    reportError(new ApiError(500, 'Bad gateway'));
    reportError(new TypeError('Failed to fetch'));
    expect(danger).toHaveBeenNthCalledWith(1, 'There was an issue. Please try again.');
    expect(danger).toHaveBeenNthCalledWith(2, 'There was an issue. Please try again.');
  });

  it('is what the app query client reports with', async () => {
    const client = createQueryClient({ retryDelay: 0 });
    await client
      .fetchQuery({
        queryKey: ['x'],
        queryFn: async () => {
          throw new ApiError(404, { message: 'Track not found' });
        },
      })
      .catch(() => undefined);
    expect(danger).toHaveBeenCalledWith('Track not found');
  });
});
