/** Starting on a data folder the server cannot write: a clear message and a non-zero exit, not a stack trace. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const start = (dataDir: string) => spawnSync('node', ['--import', 'tsx', 'api/main.ts'], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: '3597', DEMO: '0' }, encoding: 'utf8', timeout: 30_000,
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
