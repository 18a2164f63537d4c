/**
 * Every test's temporary files (databases, uploads, built pages, the data of servers the tests start) go under one
 * folder made for the run and removed after it: `os.tmpdir()` reads TMPDIR, which the workers and the processes they
 * start inherit. Before, each run left a few hundred folders behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup() {
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'training-records-tests-'));
  process.env.TMPDIR = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  };
}
