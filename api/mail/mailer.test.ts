import { describe, expect, it } from 'vitest';

import { mailboxOf } from './mailer.ts';

describe('the mailbox a preceptor contact names, read with the mailer’s own address parser', () => {
  it('is the address itself only when the parser reads exactly that one bare mailbox', () => {
    expect(mailboxOf('sam.rivera@county-ems.example')).toBe('sam.rivera@county-ems.example');
    expect(mailboxOf(' Sam+shift@County.example ')).toBe('Sam+shift@County.example');
  });

  it('is none for a name, brackets, a list, a quoted local part, a comment, a group or a phone', () => {
    for (const contact of [
      '<ana@college.edu>',
      'Ana <ana@college.edu>',
      'ana@college.edu, sam@county.example',
      '"ana"@college.edu',
      '"ana@college.edu"',
      '(comment) ana@college.edu',
      'Friends: ana@college.edu;',
      'ana',
      '(555) 010-0123',
    ]) {
      expect(mailboxOf(contact), contact).toBeNull();
    }
  });
});
