import { describe, expect, it } from 'vitest';

import { MSG } from './messages.ts';
import { hoursRefuser, isOneOf, needsAttention, SIGN_OFF_STATUSES } from './sign-off.ts';
import { preceptorSchema } from './sign-off-schema.ts';
import { hoursStanding } from './student-summary.ts';

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

describe("the preceptor's contact and text on the sign-off sheet (device and server alike)", () => {
  const preceptor = {
    name: 'Sam Rivera',
    credential: 'Paramedic',
    number: 'NRP 123456',
    agency: 'County EMS',
    contact: 'sam.rivera@county-ems.example',
  };
  const errorOf = (over: Partial<typeof preceptor>) => {
    const parsed = preceptorSchema.safeParse({ ...preceptor, ...over });
    return parsed.success ? null : parsed.error.issues[0].message;
  };

  it('refuses every form that hides another mailbox: brackets, names, lists, quotes, comments, groups', () => {
    for (const contact of [
      '<ana@college.edu>',
      'Ana <ana@college.edu>',
      'ana@college.edu, sam@county.example',
      'ana@college.edu;sam@county.example',
      '"ana"@college.edu',
      '(comment) ana@college.edu',
      'ana@college.edu (comment)',
      'Friends: ana@college.edu;',
      'ana@college.edu\nBcc: sam@county.example',
      'ana@@college.edu',
      'ana@college',
    ]) {
      expect(errorOf({ contact }), contact).toBe(MSG.preceptorContactPlain);
    }
  });

  it('takes one plain address or one phone number', () => {
    for (const contact of [
      'sam.rivera@county-ems.example',
      'Sam+shift@County.example',
      '(555) 010-0123',
      '+1 555 010 0123',
    ]) {
      expect(errorOf({ contact }), contact).toBeNull();
    }
    expect(errorOf({ contact: '12' })).toBe(MSG.preceptorContactPlain);
  });

  it("matches the student's own mailbox with a plus-tag or in another case", () => {
    expect(isOneOf('Ana.Diaz+preceptor@College.edu', ['ana.diaz@college.edu'])).toBe(true);
    expect(isOneOf('ana.diaz@college.edu', ['ana.diaz+x@college.edu'])).toBe(true);
    expect(isOneOf('ana.diazz@college.edu', ['ana.diaz@college.edu'])).toBe(false);
  });

  it('keeps the name, number and agency to one plain line without links', () => {
    const phishing = 'Sam\n\nYour account is locked. Sign in at https://evil.example/login to keep it';
    for (const bad of [phishing, 'Sam\u202eRivera', 'Sam Rivera www.evil.example', 'Sam see evil.com', 'Sam\tRivera']) {
      expect(errorOf({ name: bad }), bad).toBe(MSG.plainLine);
      expect(errorOf({ agency: bad }), bad).toBe(MSG.plainLine);
    }
    for (const name of ['Dr. J. Smith-Jones', "Mary O'Neil, RN", 'José Núñez', 'Mahsa\u200cRad'])
      expect(errorOf({ name }), name).toBeNull();
  });
});

describe('the sign-offs that need a coordinator (the queue opens on them, the menu counts them)', () => {
  const calm = { status: 'awaiting', chainBroken: false, mailTries: 0, mailFailure: null };

  it('are disputed, changed after signing, or confirmed by link and awaiting a coordinator', () => {
    const needing = SIGN_OFF_STATUSES.filter((status) => needsAttention({ ...calm, status }));
    expect(needing).toEqual(['link_confirmed', 'disputed', 'changed']);
  });

  it('are awaiting a preceptor whose mail failed, whether it is tried again or was given up', () => {
    expect(needsAttention({ ...calm, mailTries: 1, mailFailure: null })).toBe(true);
    expect(needsAttention({ ...calm, mailTries: 5, mailFailure: '550 No such mailbox' })).toBe(true);
    // once a preceptor has answered, an old mail failure no longer matters
    expect(needsAttention({ ...calm, status: 'confirmed', mailTries: 1, mailFailure: 'x' })).toBe(false);
  });

  it('have a broken device chain, until a coordinator accepts or rejects them', () => {
    for (const status of ['awaiting', 'code_verified', 'confirmed']) {
      expect(needsAttention({ ...calm, status, chainBroken: true })).toBe(true);
    }
    for (const status of ['accepted', 'rejected']) {
      expect(needsAttention({ ...calm, status, chainBroken: true })).toBe(false);
    }
  });
});

describe('hours a refused sign-off holds: refused, not awaiting, until signed off again', () => {
  const held = (...statuses: string[]) => statuses.map((status, i) => ({ id: `s${statuses.length - i}`, status }));
  const standing = (verifiedBy: string | null, holding: { id: string; status: string }[]) =>
    hoursStanding({ verifiedBy, refusedBy: hoursRefuser(verifiedBy, holding) });

  it('are refused while every sign-off holding them is rejected, named by the first of them', () => {
    expect(hoursRefuser(null, held('rejected', 'rejected'))).toBe('sign-off:s1');
    expect(standing(null, held('rejected'))).toBe('refused');
  });

  it('await verification again once another sign-off holds them, whatever its state but rejected', () => {
    for (const status of SIGN_OFF_STATUSES.filter((s) => s !== 'rejected'))
      expect(standing(null, held('rejected', status)), status).toBe('awaiting');
    expect(standing(null, [])).toBe('awaiting');
  });

  it('are verified whenever someone stands behind them, a rejected sign-off or not', () => {
    expect(standing('staff-1', held('rejected'))).toBe('verified');
    expect(hoursRefuser('sign-off:s2', held('rejected', 'confirmed'))).toBeNull();
  });
});
