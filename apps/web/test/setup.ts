import { cleanup } from '@testing-library/react';
import HTMLElementConfig from 'happy-dom/lib/config/HTMLElementConfig.js';
import HTMLElementConfigContentModelEnum from 'happy-dom/lib/config/HTMLElementConfigContentModelEnum.js';
import { afterEach } from 'vitest';

// happy-dom 21 does not know <search> (WHATWG grouping content, HTMLElement interface; browsers
// have it) and creates an HTMLUnknownElement, which React reports on every render of the navbar.
// The same gap in jsdom: https://github.com/jsdom/jsdom/pull/4282
HTMLElementConfig.search ??= {
  className: 'HTMLElement',
  contentModel: HTMLElementConfigContentModelEnum.anyDescendants,
};

afterEach(() => {
  cleanup();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup expires every cookie a test set
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
});
