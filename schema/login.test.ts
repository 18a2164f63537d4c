/** The sign-in page and the server hold sign-in fields to one rule: what the page lets through, the server accepts. */
import { describe, expect, it } from 'vitest';

import { fieldErrors } from './common.ts';
import { type Login, loginErrors } from './login.ts';
import { MSG } from './messages.ts';
import { loginSchema } from './user.ts';

const cases: [Login, ReturnType<typeof loginErrors>][] = [
  [{ email: 'director@demo.test', password: 'secret' }, {}],
  [
    { email: '', password: '' },
    { email: MSG.emailInvalid, password: MSG.passwordRequired },
  ],
  [{ email: '   ', password: 'secret' }, { email: MSG.emailInvalid }],
  [{ email: `${'a'.repeat(245)}@demo.test`, password: 'secret' }, { email: MSG.emailInvalid }],
  [{ email: 'director@demo.test', password: 'x'.repeat(201) }, { password: MSG.passwordRequired }],
  [{ email: 'director@demo.test', password: 'x'.repeat(200) }, {}],
];

describe('the sign-in rule', () => {
  it('gives the page and the server the same messages for the same fields', () => {
    for (const [login, expected] of cases) {
      expect(loginErrors(login), JSON.stringify(login)).toEqual(expected);
      const parsed = loginSchema.safeParse(login);
      expect(parsed.success ? {} : fieldErrors(parsed.error), JSON.stringify(login)).toEqual(expected);
    }
  });

  it('looks the address up trimmed and in lower case', () => {
    expect(loginSchema.parse({ email: ' Director@Demo.TEST ', password: 'secret' }).email).toBe('director@demo.test');
  });
});
