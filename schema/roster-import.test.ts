import { describe, expect, it } from 'vitest';

import { ROLES } from './enums.ts';
import { IMPORT_MSG, MSG } from './messages.ts';
import { can } from './permissions.ts';
import { IMPORT_KINDS, looksLikeFormula, mayImport, rowValues, startingMapping } from './roster-import.ts';

describe('looksLikeFormula', () => {
  it('takes what a spreadsheet would run, not phone numbers or signed numbers', () => {
    for (const cell of ['=1+1', "=cmd|' /C calc'!A0", '@SUM(A1)', '+A1', '-2+3', '\tx', '-HYPERLINK("x")']) {
      expect(looksLikeFormula(cell), cell).toBe(true);
    }
    for (const cell of ['+1 555 0100', '-3', '(555) 010-0100', 'Ana', 'ana@example.org', '3.5']) {
      expect(looksLikeFormula(cell), cell).toBe(false);
    }
  });
});

describe('rowValues', () => {
  const headers = ['Given', 'GPA', 'Active', 'Enrolled', 'Level', 'Programs'];
  const mapping = {
    firstName: 'Given',
    gpa: 'GPA',
    isActive: 'Active',
    enrollmentDate: 'Enrolled',
    emsCertificationLevel: 'Level',
  };
  it('turns cells into the values the form sends: numbers, yes/no, US dates, options in any case', () => {
    const { values, errors } = rowValues('students', headers, ['Ana', '3.5', 'Yes', '3/4/2026', 'Paramedic'], mapping);
    expect(errors).toEqual({});
    expect(values).toEqual({
      firstName: 'Ana',
      gpa: 3.5,
      isActive: true,
      enrollmentDate: '2026-03-04',
      emsCertificationLevel: 'paramedic',
    });
  });

  it('says which cells it refuses before the form schema runs, and leaves blanks out', () => {
    const { values, errors } = rowValues('students', headers, ['=1+1', 'x', 'maybe', '', null], mapping);
    expect(errors).toEqual({ firstName: IMPORT_MSG.formula, isActive: IMPORT_MSG.yesNo });
    // the form's schema answers 'x' with its own message (MSG.gpaRange)
    expect(values).toEqual({ gpa: 'x' });
    expect(MSG.gpaRange).toBeTruthy();
  });

  it('reads list cells split on ; or , and XLSX dates', () => {
    const { values } = rowValues('sites', ['Programs', 'Since'], ['EMS; fire', new Date('2020-08-01T00:00:00Z')], {
      programTypes: 'Programs',
      notes: 'Since',
    });
    expect(values).toEqual({ programTypes: ['ems', 'fire'], notes: '2020-08-01' });
  });
});

describe('startingMapping', () => {
  it('keeps the remembered mapping where its columns still exist, else guesses by names and aliases', () => {
    const headers = ['Surname', 'Given Name', 'E-mail Address'];
    expect(startingMapping('students', headers, null)).toEqual({
      lastName: 'Surname',
      firstName: 'Given Name',
      email: 'E-mail Address',
    });
    expect(startingMapping('students', headers, { lastName: 'Given Name', phone: 'Gone' })).toEqual({
      lastName: 'Given Name',
    });
  });
});

describe('who may import', () => {
  it('the menu shows Roster Import to exactly the roles that may import some kind of file', () => {
    for (const role of ROLES) {
      expect(
        IMPORT_KINDS.some((k) => mayImport(role, k)),
        role,
      ).toBe(can(role, 'signOffs.review'));
    }
  });
});
