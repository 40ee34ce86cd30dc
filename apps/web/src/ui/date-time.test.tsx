import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatShortDateTime } from '#src/lib/format';
import { DateTime } from './date-time';

describe('DateTime', () => {
  it('shows one short form on one line, the full moment on hover', () => {
    const iso = '2026-11-28T14:05:09.000Z';
    render(<DateTime iso={iso} language="en" />);
    const time = screen.getByText(formatShortDateTime(iso, 'en'));
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(iso);
    expect(time.className).toContain('whitespace-nowrap');
    expect(time.getAttribute('title')).toMatch(/2026/);
    // Short: day, month abbreviation, year, hours and minutes, no seconds.
    expect(formatShortDateTime(iso, 'en')).toMatch(/^Nov 28, 2026, \d{2}:\d{2}( [AP]M)?$/);
  });

  it('shows a dash for no moment', () => {
    const { container } = render(<DateTime iso={null} language="en" />);
    expect(container.textContent).toBe('—');
  });
});
