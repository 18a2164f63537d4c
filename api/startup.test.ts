/** Starting on a data folder the server cannot write: a clear message and a non-zero exit, not a stack trace. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

const start = (dataDir: string, env: NodeJS.ProcessEnv = { DEMO: '0' }) =>
  spawnSync('node', ['--import', 'tsx', 'api/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: '3597', DEMO_PASSWORD: undefined, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('starting with an unusable DATA_DIR', () => {
  it('names the folder and the fix, and exits 1', () => {
    const parent = mkdtempSync(join(tmpdir(), 'startup-test-'));
    const file = join(parent, 'not-a-folder');
    writeFileSync(file, 'a file where the data folder should be');
    const run = start(join(file, 'data'));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`DATA_DIR ${join(file, 'data')} is not writable`);
    expect(run.stderr).toContain('Set DATA_DIR to a folder this user can write.');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('starting on a full disk', () => {
  // /dev/full is a real device whose every write fails with ENOSPC; SQLite reports it as SQLITE_FULL
  it('says the disk is full, names the folder, and exits 1', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'startup-full-'));
    symlinkSync('/dev/full', join(dataDir, 'training-records.db'));
    const run = start(dataDir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`The disk holding DATA_DIR ${dataDir} is full. Free some space and start again.`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('starting the demo where others can reach it', () => {
  it("without a demo password of the operator's own: says why and what to set, exits 1, opens no data folder", () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'startup-demo-')), 'data');
    const run = start(dataDir, { DEMO: '1', HOST: '0.0.0.0' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'Could not start: DEMO=1 with HOST=0.0.0.0 would let anyone who can reach this address sign in as the demo director',
    );
    expect(run.stderr).toContain('Set DEMO_PASSWORD to a password of your own');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(dataDir)).toBe(false);
  });
});
