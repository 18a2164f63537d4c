/** Starts the real server on a fresh, throw-away DATA_DIR for the end-to-end run (E2E_DATA_DIR, emptied first). */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function freshDataDir(dir: string | undefined): string {
  if (!dir) return mkdtempSync(join(tmpdir(), 'training-records-e2e-'));
  // it is emptied: never a folder that may hold real data
  if (!dir.startsWith(tmpdir())) throw new Error(`E2E_DATA_DIR must be under ${tmpdir()}, got "${dir}"`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

process.env.DATA_DIR = freshDataDir(process.env.E2E_DATA_DIR);
await import('../api/main.ts');
