import { afterEach, describe, expect, it, vi } from 'vitest';

import { log, logLevel } from './log.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const spies = () => ({
  debug: vi.spyOn(console, 'debug').mockImplementation(() => undefined),
  info: vi.spyOn(console, 'info').mockImplementation(() => undefined),
  warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
  error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
});

const logEach = () => (['debug', 'info', 'warn', 'error'] as const).forEach((level) => log[level](level));

describe('log', () => {
  it('writes the messages at LOG_LEVEL and above, and nothing below it', () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    const written = spies();
    logEach();
    expect(written.debug).not.toHaveBeenCalled();
    expect(written.info).not.toHaveBeenCalled();
    expect(written.warn).toHaveBeenCalledWith('warn');
    expect(written.error).toHaveBeenCalledWith('error');
  });

  it('is quiet in tests unless a test sets LOG_LEVEL', () => {
    vi.stubEnv('LOG_LEVEL', undefined);
    const written = spies();
    logEach();
    for (const spy of Object.values(written)) expect(spy).not.toHaveBeenCalled();
  });

  it('defaults to info, and refuses a level that is not one with a clear message', () => {
    expect(logLevel(undefined)).toBe('info');
    expect(logLevel('debug')).toBe('debug');
    expect(() => logLevel('verbose')).toThrow('LOG_LEVEL must be one of debug, info, warn, error, got "verbose"');
  });
});
