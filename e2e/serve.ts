/** Starts the real server on a fresh, throw-away DATA_DIR for the end-to-end run. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'training-records-e2e-'));
await import('../api/main.ts');
