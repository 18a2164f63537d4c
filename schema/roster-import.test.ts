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

describe('spreadsheet times, read as the cell shows them', () => {
  const hours = (cells: unknown[]) =>
    rowValues('hours', ['Start', 'End', 'Hours'], cells as never, {
      startTime: 'Start',
      endTime: 'End',
      hoursCompleted: 'Hours',
    }).values;
  /** A time cell as read-excel-file gives it: the wall clock on Excel's day zero, in UTC fields. */
  const excelTime = (h: number, m: number, s = 0) => new Date(Date.UTC(1899, 11, 30, h, m, s));

  it('takes a time cell, a day fraction and a typed time as HH:MM, to the nearest minute', () => {
    expect(hours([excelTime(7, 0), 0.8125, '12 h'])).toMatchObject({ startTime: '07:00', endTime: '19:30' });
    // 7:00 as Excel stores it (0.29166…) comes back a hair short of the minute
    expect(hours([new Date(excelTime(7, 0).getTime() - 1), '7:05 PM', ''])).toMatchObject({
      startTime: '07:00',
      endTime: '19:05',
    });
    expect(hours(['7:00', '12 am', ''])).toMatchObject({ startTime: '07:00', endTime: '00:00' });
    // not a time: left for the form's schema to refuse with its own message
    expect(hours(['soon', 1.5, ''])).toMatchObject({ startTime: 'soon', endTime: 1.5 });
  });

  it('takes a duration cell ([h]:mm) as hours, past a day too', () => {
    expect(hours(['', '', excelTime(12, 30)])).toEqual({ hoursCompleted: 12.5 });
    expect(hours(['', '', new Date(Date.UTC(1899, 11, 31, 2, 0))])).toEqual({ hoursCompleted: 26 });
  });

  it("takes a date and time as the importer's wall clock, in their time zone", () => {
    const attempt = (cell: unknown, zone?: string) =>
      rowValues('skill_attempts', ['When'], [cell as never], { attemptedAt: 'When' }, zone).values.attemptedAt;
    const cell = new Date(Date.UTC(2026, 1, 3, 14, 30));
    expect(attempt(cell)).toBe('2026-02-03T14:30:00.000Z');
    expect(attempt(cell, 'America/Chicago')).toBe('2026-02-03T20:30:00.000Z');
    // summer time: the offset of that day, not of today
    expect(attempt(new Date(Date.UTC(2026, 6, 3, 14, 30)), 'America/Chicago')).toBe('2026-07-03T19:30:00.000Z');
    expect(attempt('2/3/2026 2:30 PM', 'America/Chicago')).toBe('2026-02-03T20:30:00.000Z');
    expect(attempt('2026-02-03', 'America/Chicago')).toBe('2026-02-03T06:00:00.000Z');
    expect(attempt('2026-02-03T14:30:00.000Z', 'America/Chicago')).toBe('2026-02-03T14:30:00.000Z');
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
