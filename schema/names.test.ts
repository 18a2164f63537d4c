import { describe, expect, it } from 'vitest';

import { byPersonName, compareText } from './names.ts';

describe('the order people expect', () => {
  it('puts numbers in order of value and ignores case and accents', () => {
    expect(['Paramedic Cohort 10', 'Paramedic Cohort 2', 'Paramedic Cohort 1'].sort(compareText)).toEqual([
      'Paramedic Cohort 1',
      'Paramedic Cohort 2',
      'Paramedic Cohort 10',
    ]);
    expect(['baker', 'Adams', 'Émile', 'Cruz'].sort(compareText)).toEqual(['Adams', 'baker', 'Cruz', 'Émile']);
  });

  it('sorts people by last name, then first name', () => {
    const people = [
      { firstName: 'Ben', lastName: 'Lopez' },
      { firstName: 'Ana', lastName: 'lopez' },
      { firstName: 'Zoe', lastName: 'Adams' },
    ];
    expect([...people].sort(byPersonName).map((p) => p.firstName)).toEqual(['Zoe', 'Ana', 'Ben']);
  });
});
