/**
 * The app's pages allow no eval (Content-Security-Policy `script-src 'self'`), and a browser reports every attempt
 * as a CSP violation even when the script catches the refusal. Building and using the schemas must not attempt it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the schemas in a page that refuses eval', () => {
  it('are built and parse without ever asking for it', async () => {
    // what the page's CSP does with `new Function(...)`: refuses it; here each attempt is also counted
    const evals = vi.fn(function refused() {
      throw new EvalError("Refused to evaluate a string as JavaScript: 'unsafe-eval' is not allowed");
    });
    vi.stubGlobal('Function', evals);
    const { loginSchema } = await import('./user.ts');
    const { skillAttemptSchema } = await import('./skill-attempt.ts');
    expect(loginSchema.safeParse({ email: 'director@demo.test', password: 'secret' }).success).toBe(true);
    expect(skillAttemptSchema.safeParse({}).success).toBe(false);
    expect(evals).not.toHaveBeenCalled();
  });
});
