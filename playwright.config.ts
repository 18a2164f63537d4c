import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
export const DEMO_PASSWORD = 'e2e-demo-password';
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The sign-off spec's own mail server listens here; the app sends confirmation links to it. */
export const SMTP_PORT = PORT + 1;
/**
 * The server's throw-away DATA_DIR, emptied at each start (e2e/serve.ts). Fixed per port rather than random because
 * the runner and its workers each load this file: specs open its database for what only time would do (a link
 * expiring).
 */
export const E2E_DATA_DIR = join(tmpdir(), `training-records-e2e-${PORT}`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      E2E_DATA_DIR,
      DEMO: '1',
      DEMO_PASSWORD,
      PUBLIC_URL: BASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
  },
});
