import { defineConfig, devices } from '@playwright/test';

// The built app, served by `npm start` on a throwaway DATA_DIR, in Debian's Chromium.
// Never download a browser: executablePath points at Debian's Chromium headless shell
// (`chromium-headless-shell`). Debian's `chromium` runs Chrome's new headless mode, a whole browser
// with a second (WebUI) renderer for every page: the leg took 1 924 s with it and 906 s with the
// shell, same tests, same machine (docs/testing.md). E2E_CHROMIUM=/usr/bin/chromium runs the full one.
const port = Number(process.env.E2E_PORT ?? 8181);
const oauthPort = Number(process.env.E2E_OAUTH_PORT ?? 8190);
export const baseURL = `http://127.0.0.1:${port}`;
// The specs that change server settings get a server of their own, so they run beside the others
// instead of after them on a machine left half idle.
const settingsURL = `http://127.0.0.1:${port + 1}`;
const SETTINGS_MUTATING = '**/settings-mutating/**';

export default defineConfig({
  testDir: './specs',
  outputDir: './.artifacts/results',
  fullyParallel: true,
  workers: 2,
  // A test that needs a retry is a failing test: none is retried, in CI or not.
  retries: 0,
  // Waits are by readiness (the app marks <html data-app-ready>, support/fixtures.ts); these limits
  // only stop what never becomes ready. One expect limit for every assertion, room for a loaded
  // two-core runner, and one per-test limit for the longest scenarios (real audio, axe, mail).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // Recording a trace costs about a third of the browser leg's time (a DOM snapshot per action):
    // off unless asked for, e.g. E2E_TRACE=retain-on-failure. A failure still keeps its screenshot.
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  // Functional specs run once, at desktop width. The phone-width project runs what differs there:
  // tests tagged @mobile (a layout, a tray or a touch only a phone has) and the visual sweeps
  // tagged @visual (axe and screenshots of each page, per theme) — docs/testing.md.
  projects: [
    // Specs that change server settings run on their own server, one file at a time. They come
    // first: one worker takes them while the other starts on the desktop specs, instead of running
    // them alone at the end with the second core idle (about a minute of the leg).
    {
      name: 'setup-settings',
      testDir: './support',
      testMatch: /admin\.setup\.ts$/,
      use: { baseURL: settingsURL },
    },
    {
      name: 'settings-mutating',
      testMatch: SETTINGS_MUTATING,
      dependencies: ['setup-settings'],
      fullyParallel: false,
      // Its files change the same server settings: one file at a time, never two workers at once.
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: settingsURL },
    },
    {
      name: 'setup',
      testDir: './support',
      testMatch: /admin\.setup\.ts$/,
    },
    {
      name: 'desktop',
      testIgnore: SETTINGS_MUTATING,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      testIgnore: SETTINGS_MUTATING,
      grep: /@mobile|@visual/,
      dependencies: ['setup'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 740 },
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    { port, oauthPort, url: baseURL },
    { port: port + 1, oauthPort: oauthPort + 1, url: settingsURL },
  ].map((server) => ({
    command: 'node scripts/e2e-server.mjs',
    cwd: '..',
    url: `${server.url}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(server.port), APP_URL: server.url, E2E_OAUTH_PORT: String(server.oauthPort) },
  })),
});
