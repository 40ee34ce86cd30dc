import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { setCookie } from '#src/lib/cookies';
import { makeBootstrap } from '#test/bootstrap-factory';
import { CookieNotice } from './cookie-notice';

const enabled = (position: 'top' | 'bottom' = 'bottom') =>
  makeBootstrap({
    settings: {
      cookie_notice: {
        enable: true,
        position,
        button: {
          id: 'more',
          label: 'Learn more',
          type: 'route',
          action: 'https://example.com/privacy',
          target: null,
        },
      },
    },
  });

describe('CookieNotice (SPEC §2, §4)', () => {
  beforeEach(() => resetBootstrapStore());
  afterEach(() => vi.restoreAllMocks());

  it('shows the text, the link button and OK; OK sets cookie_notice=true for 30 days at / and hides it', async () => {
    setBootstrapData(enabled());
    const writes: string[] = [];
    let proto: object | null = document;
    let desc: PropertyDescriptor | undefined;
    while (proto && !desc) {
      desc = Object.getOwnPropertyDescriptor(proto, 'cookie');
      proto = Object.getPrototypeOf(proto);
    }
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
      desc!.set!.call(document, v);
    });
    render(<CookieNotice slot="bottom" />);
    expect(screen.getByText(/This website uses cookies/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    );

    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText(/This website uses cookies/)).toBeNull();

    const written = writes.find((w) => w.startsWith('cookie_notice='))!;
    expect(written).toMatch(/^cookie_notice=true;/);
    expect(written).toContain('path=/');
    expect(written).toContain(`max-age=${30 * 86400}`);
    const expires = Date.parse(/expires=([^;]+)/.exec(written)![1]!);
    expect(Math.abs(expires - (before + 30 * 864e5))).toBeLessThan(5000);
    expect(document.cookie).toContain('cookie_notice=true');
  });

  it('is hidden when the cookie is already set', () => {
    setCookie('cookie_notice', 'true');
    setBootstrapData(enabled());
    render(<CookieNotice slot="bottom" />);
    expect(screen.queryByText(/This website uses cookies/)).toBeNull();
  });

  it('is hidden when disabled', () => {
    setBootstrapData(
      makeBootstrap({ settings: { cookie_notice: { enable: false, position: 'bottom', button: null } } }),
    );
    render(<CookieNotice slot="bottom" />);
    expect(screen.queryByText(/This website uses cookies/)).toBeNull();
  });

  it('sits at the top or the bottom by setting', () => {
    setBootstrapData(enabled('top'));
    const { unmount } = render(
      <>
        <CookieNotice slot="top" />
        <main>page</main>
        <CookieNotice slot="bottom" />
      </>,
    );
    const top = screen.getByRole('region', { name: 'Cookie notice' });
    expect(top.nextElementSibling?.tagName).toBe('MAIN');
    expect(top.className).toContain('top-0');
    unmount();
    setBootstrapData(enabled('bottom'));
    render(
      <>
        <CookieNotice slot="top" />
        <main>page</main>
        <CookieNotice slot="bottom" />
      </>,
    );
    const bottom = screen.getByRole('region', { name: 'Cookie notice' });
    expect(bottom.previousElementSibling?.tagName).toBe('MAIN');
    // Just above whatever bar is fixed to the bottom of the screen (the player).
    expect(bottom.className).toContain('bottom-(--bottom-bar-inset)');
  });
});
