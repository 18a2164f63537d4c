import { describe, expect, it } from 'vitest';
import { isOneOf } from './sign-off.ts';

describe("a preceptor contact that is someone's own (nobody signs their own records)", () => {
  const own = ['Ana.Diaz@college.edu', '(555) 010-0123', null, '', '  '];

  it('matches an e-mail in any case and spacing, and a phone with or without its country code', () => {
    for (const contact of [' ana.diaz@COLLEGE.edu ', '555-010-0123', '+1 555 010 0123', '5550100123']) {
      expect(isOneOf(contact, own)).toBe(true);
    }
  });

  it('does not match another person, a short number, or a blank entry', () => {
    for (const contact of ['sam@county.example', '555-010-0124', '0123', '']) {
      expect(isOneOf(contact, own)).toBe(false);
    }
  });
});
