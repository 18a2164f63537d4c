/**
 * The server's log: four levels, the threshold from LOG_LEVEL (default info). Tests are quiet unless they set
 * LOG_LEVEL, so the failures they provoke on purpose do not bury the report.
 */
const RANK = { debug: 0, info: 1, warn: 2, error: 3 } as const;
export type LogLevel = keyof typeof RANK;
const LEVELS = Object.keys(RANK) as LogLevel[];

const isLevel = (value: string): value is LogLevel => (LEVELS as string[]).includes(value);

/** LOG_LEVEL as the server starts with it; a value that is not a level stops the start with this message. */
export function logLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  if (!isLevel(value)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${value}"`);
  return value;
}

/** Read at each call, so a test may raise the level for itself. */
function threshold(): number {
  const value = process.env.LOG_LEVEL;
  if (value === undefined) return process.env.VITEST ? Infinity : RANK.info;
  return isLevel(value) ? RANK[value] : RANK.info;
}

// console is looked up at each call (not bound once) so a test's spy on it sees the message
const at =
  (level: LogLevel, write: (...args: unknown[]) => void) =>
  (...args: unknown[]) => {
    if (RANK[level] >= threshold()) write(...args);
  };

export const log = {
  debug: at('debug', (...args) => console.debug(...args)),
  info: at('info', (...args) => console.info(...args)),
  warn: at('warn', (...args) => console.warn(...args)),
  error: at('error', (...args) => console.error(...args)),
};
