import { SOCIAL_POPUP_MESSAGE_TYPE } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap } from '#test/bootstrap-factory';
import {
  openSocialPopup,
  SOCIAL_POPUP_HEIGHT,
  SOCIAL_POPUP_POLL_MS,
  SOCIAL_POPUP_WIDTH,
  socialPopupFeatures,
} from './social-popup';
import { SOCIAL_TEXTS } from './social-texts';

type FakePopup = { closed: boolean; focus: () => void };
let popup: FakePopup;
let open: ReturnType<typeof vi.fn>;

beforeEach(() => {
  popup = { closed: false, focus: vi.fn() };
  open = vi.fn(() => popup);
  vi.stubGlobal('open', open);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

/** Resolves to 'pending' when the promise has not settled yet. */
async function peek<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((r) => setTimeout(() => r('pending'), 0))]);
}

describe('the social popup', () => {
  it('is 650×550, centred over the window', () => {
    expect([SOCIAL_POPUP_WIDTH, SOCIAL_POPUP_HEIGHT, SOCIAL_POPUP_POLL_MS]).toEqual([650, 550, 1000]);
    const win = { screenX: 100, screenY: 50, outerWidth: 1650, outerHeight: 1050 } as Window;
    expect(socialPopupFeatures(win)).toBe('width=650,height=550,left=600,top=300');
  });

  it.each([
    ['login', '/secure/auth/social/google/login'],
    ['connect', '/secure/auth/social/google/connect'],
  ] as const)('opens the %s URL', async (mode, url) => {
    const result = openSocialPopup('google', mode);
    expect(open).toHaveBeenCalledWith(
      url,
      'zema-social-google',
      expect.stringMatching(/^width=650,height=550,/),
    );
    post({ type: SOCIAL_POPUP_MESSAGE_TYPE, result: { status: 'ALREADY_LOGGED_IN' } });
    await expect(result).resolves.toEqual({ status: 'ALREADY_LOGGED_IN' });
  });

  it('checks every second whether it was closed, and then resolves with nothing', async () => {
    vi.useFakeTimers();
    const result = openSocialPopup('google', 'login');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS - 1);
    const early = Promise.race([result, Promise.resolve('pending' as const)]);
    expect(await early).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
  });

  it('keeps polling while the popup stays open', async () => {
    vi.useFakeTimers();
    const result = openSocialPopup('google', 'login');
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS * 5);
    expect(await Promise.race([result, Promise.resolve('pending' as const)])).toBe('pending');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
    await expect(result).resolves.toBeNull();
  });

  it('ignores messages from another origin or of another kind', async () => {
    const result = openSocialPopup('google', 'login');
    const success = { status: 'SUCCESS', bootstrapData: makeBootstrap() };
    post({ type: SOCIAL_POPUP_MESSAGE_TYPE, result: success }, 'https://evil.example');
    post({ type: 'something-else', result: success });
    post('not an object');
    expect(await peek(result)).toBe('pending');
    post({ type: SOCIAL_POPUP_MESSAGE_TYPE, result: { status: 'ERROR', message: 'Nope' } });
    await expect(result).resolves.toEqual({ status: 'ERROR', message: 'Nope' });
  });

  it('turns a malformed result from its own origin into an error', async () => {
    const result = openSocialPopup('google', 'login');
    post({ type: SOCIAL_POPUP_MESSAGE_TYPE, result: { status: 'SUCCESS' } });
    await expect(result).resolves.toEqual({ status: 'ERROR', message: null });
  });

  it('stops listening once settled', async () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const result = openSocialPopup('google', 'login');
    post({ type: SOCIAL_POPUP_MESSAGE_TYPE, result: { status: 'ALREADY_LOGGED_IN' } });
    await result;
    expect(remove).toHaveBeenCalledWith('message', expect.any(Function));
  });

  it('reports a blocked popup', async () => {
    open.mockReturnValue(null);
    await expect(openSocialPopup('facebook', 'login')).resolves.toEqual({
      status: 'ERROR',
      message: SOCIAL_TEXTS.popupBlocked,
    });
  });
});
