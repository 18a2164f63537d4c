import { readFileSync } from 'node:fs';

import { expect, it } from 'vitest';

import { DEMO_ACCOUNT_EMAILS, demoSignInMessage } from './demo-accounts.ts';

/** The e-mails of the README's demo-account table (the rows after "| Role | E-mail |" up to the blank line). */
function readmeDemoEmails() {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = readme.split('| Role | E-mail |')[1]!.split('\n\n')[0]!;
  return [...table.matchAll(/`([^`]+@demo\.test)`/g)].map((m) => m[1]);
}

it('the README table lists exactly the demo accounts npm start announces', () => {
  expect(readmeDemoEmails().sort()).toEqual([...DEMO_ACCOUNT_EMAILS].sort());
});

it('npm start names every demo account, the Medical Director among them, and the password', () => {
  const message = demoSignInMessage('pw-1');
  for (const email of DEMO_ACCOUNT_EMAILS) expect(message).toContain(email);
  expect(message).toContain('medical-director@demo.test');
  expect(message).toContain('Demo password: pw-1');
});
