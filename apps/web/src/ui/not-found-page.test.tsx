import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  // Its title names the site from the bootstrap data; a test must not lean on another file's.
  beforeEach(() => setBootstrapData(makeBootstrap()));
  afterEach(() => {
    window.bootstrapData = undefined;
    resetBootstrapStore();
  });

  it('shows the SPEC text and a Take me there! link to /', () => {
    render(<NotFoundPage />);
    expect(
      screen.getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" }),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Take me there!' });
    expect(link.getAttribute('href')).toBe('/');
  });

  it('names the tab, so a 404 after a titled page does not keep its title', () => {
    document.title = 'Some album - Zema';
    render(<NotFoundPage />);
    expect(document.title).toMatch(/^Page not found - /);
  });

  it('keeps the illustration out of the accessibility tree', () => {
    const { container } = render(<NotFoundPage />);
    const svg = container.querySelector('svg[viewBox="0 0 360 300"]');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
  });
});
