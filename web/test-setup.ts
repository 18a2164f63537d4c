/**
 * Runs before every test file. Files that share a worker's module graph (vitest.config.ts) also share its document:
 * what one file rendered and left mounted would be found by the next file's queries, so each test ends with cleanup.
 */
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
