import { cleanup, configure } from '@testing-library/react';
import HTMLElementConfig from 'happy-dom/lib/config/HTMLElementConfig.js';
import HTMLElementConfigContentModelEnum from 'happy-dom/lib/config/HTMLElementConfigContentModelEnum.js';
import { destroyAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { beginApiTest, finishApiTest, installApiGuard } from '#test/mock-api';

// happy-dom 21 does not know <search> (WHATWG grouping content, HTMLElement interface; browsers
// have it) and creates an HTMLUnknownElement, which React reports on every render of the navbar.
// The same gap in jsdom: https://github.com/jsdom/jsdom/pull/4282
HTMLElementConfig.search ??= {
  className: 'HTMLElement',
  contentModel: HTMLElementConfigContentModelEnum.anyDescendants,
};

// Waits depend on readiness, not speed: a lazy page chunk on a loaded runner can take seconds to
// arrive, so `findBy*` / `waitFor` wait up to 10 s (they return as soon as the element is there).
// The per-test limit (vitest.config.ts) stays above it so a slow wait fails as a wait, not a timeout.
configure({ asyncUtilTimeout: 10_000 });

// Every request goes to the test's mockApi() or fails the test; none reaches the network.
installApiGuard();

// The app loads ICU MessageFormat once its first page settles; tests render pages directly. Loaded
// in a hook, after the test file's own imports, so its `vi.mock`s hold for the modules i18n reaches.
beforeAll(async () => {
  await (await import('#src/lib/i18n')).loadMessageFormat();
});

beforeEach(() => {
  beginApiTest();
});

afterEach(async () => {
  cleanup();
  await finishApiTest();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup expires every cookie a test set
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  // A toast a test left queued (the queue is a module shared by the files of a worker) would show
  // in the next test's region.
  (await import('#src/ui/toast-queue')).clearToasts();
});

// React Aria defers an announcement made outside act() (inside waitFor) by 100 ms; one still
// pending when a file ends would fire after the DOM is gone. Without an announcer it does nothing.
afterAll(() => {
  destroyAnnouncer();
});
