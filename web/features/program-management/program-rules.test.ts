import { describe, expect, it } from 'vitest';

import { programRow } from '#web/lib/testing/test-rows.ts';
import { memberRow, userRow } from '#web/lib/testing/test-sync.tsx';

import {
  assignableUsers,
  assignedUsersByProgram,
  directorChoices,
  filterPrograms,
  programTabs,
} from './program-rules.ts';

const paramedic = programRow('p1', { name: 'Paramedic 2026', type: 'ems', description: 'Advanced life support' });
const emt = programRow('p2', { name: 'EMT Basic', type: 'ems', description: null });
const fire = programRow('p3', {
  name: 'Firefighter I Academy',
  type: 'fire',
  description: 'Structural fire suppression',
});
const programs = [paramedic, emt, fire];

describe('filterPrograms', () => {
  it('matches the search on name or description, ignoring case', () => {
    expect(filterPrograms(programs, 'FIREFIGHTER', 'all')).toEqual([fire]);
    expect(filterPrograms(programs, 'life support', 'all')).toEqual([paramedic]);
    expect(filterPrograms(programs, '  ', 'all')).toEqual(programs);
  });

  it('keeps only the chosen type, together with the search', () => {
    expect(filterPrograms(programs, '', 'ems')).toEqual([paramedic, emt]);
    expect(filterPrograms(programs, 'academy', 'ems')).toEqual([]);
    expect(filterPrograms(programs, '', 'police')).toEqual([]);
  });
});

describe('programTabs', () => {
  it('has All Programs and one tab per type present, with the programs counted', () => {
    expect(programTabs(programs).map((t) => [t.label, t.programs.length])).toEqual([
      ['All Programs', 3],
      ['EMS', 2],
      ['FIRE', 1],
    ]);
  });

  it('has only All Programs when nothing is listed', () => {
    expect(programTabs([]).map((t) => [t.label, t.programs.length])).toEqual([['All Programs', 0]]);
  });
});

describe('assignments', () => {
  const ana = userRow('u1', { firstName: 'Ana', lastName: 'Zamora', role: 'instructor' });
  const ben = userRow('u2', { firstName: 'Ben', lastName: 'Adams', role: 'preceptor' });
  const dee = userRow('u3', { firstName: 'Dee', lastName: 'Cole', role: 'director' });
  const ola = userRow('u4', { firstName: 'Ola', lastName: 'Berg', role: 'administration' });
  const users = [ana, ben, dee, ola];

  it('groups assigned users by program, by last name, leaving out assignments of users no longer listed', () => {
    const byProgram = assignedUsersByProgram(
      [memberRow('p1', 'u1'), memberRow('p1', 'u2', 'preceptor'), memberRow('p1', 'gone'), memberRow('p2', 'u3')],
      users,
    );
    expect(byProgram.get('p1')?.map((a) => a.user.lastName)).toEqual(['Adams', 'Zamora']);
    expect(byProgram.get('p2')?.map((a) => a.membership.assignedRole)).toEqual(['instructor']);
    expect(byProgram.get('p3')).toBeUndefined();
  });

  it('offers for assignment only the users not already in the program', () => {
    const assigned = assignedUsersByProgram([memberRow('p1', 'u1'), memberRow('p1', 'u3')], users).get('p1') ?? [];
    expect(assignableUsers(users, assigned).map((u) => u.id)).toEqual(['u2', 'u4']);
  });

  it('offers directors and administration as the program director', () => {
    expect(directorChoices(users).map((u) => u.firstName)).toEqual(['Ola', 'Dee']);
  });
});
