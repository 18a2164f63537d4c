import { describe, expect, it } from 'vitest';

import { FIGURES } from '#schema/figures.ts';
import { addUpHours, skillsByTrack, summarizeStudent } from '#schema/student-summary.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { SummarizedStudent } from '#web/lib/data.ts';

import { wordingFor } from './discipline.ts';
import { progressExportColumns, progressExportRows } from './export-progress.ts';
import {
  ALL_PROGRAMS,
  matchingSkills,
  type ProgramRow,
  type ProgressRow,
  type SkillRow,
  type TrackerInput,
  trackerView,
} from './tracker-figures.ts';

const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 1 };

const program = (id: string, name: string, type: string, certificationLevel: string | null): ProgramRow => ({
  ...stamp,
  id,
  name,
  type,
  certificationLevel,
  description: null,
  durationWeeks: null,
  durationText: null,
  requiredHours: 100,
  directorId: null,
  credits: null,
  capacity: null,
  prerequisites: null,
  certifications: [],
  skillMinimums: null,
  contactRules: null,
  countedSignOffStates: null,
  dorCategories: null,
  dorPhaseRules: null,
  taskBookRules: null,
  clockEarlyMinutes: 10,
  clockLateMinutes: 5,
});

const skill = (id: string, programType: string, certificationLevel: string, standardReference: string): SkillRow => ({
  ...stamp,
  id,
  code: id,
  name: `Skill ${id}`,
  description: null,
  category: 'Operations',
  programType,
  certificationLevel,
  competencyDomain: null,
  smcMatrixNumber: null,
  smcMotorSkillName: null,
  smcPathologyCategory: null,
  clinicalHoursRequired: null,
  fieldHoursRequired: null,
  minimumAttempts: 1,
  simulationAllowed: null,
  standardReference,
  confidence: 'verbatim',
  source: null,
});

const student = (
  id: string,
  lastName: string,
  programId: string,
  over: Partial<DomainRows['students']> = {},
): DomainRows['students'] => ({
  ...stamp,
  id,
  userId: null,
  firstName: id.toUpperCase(),
  lastName,
  email: `${id}@example.org`,
  phone: '555',
  studentId: `S-${id}`,
  emsCertificationLevel: 'emt',
  programId,
  enrollmentDate: '2026-01-01',
  expectedGraduation: '2026-12-31',
  graduationDate: null,
  address: null,
  emergencyContact: null,
  emergencyPhone: null,
  gpa: null,
  isActive: true,
  ...over,
});

const record = (
  studentId: string,
  skillId: string,
  status: string,
  progressPercentage: number,
  attempts = 1,
): ProgressRow => ({
  ...stamp,
  id: `${studentId}-${skillId}`,
  studentId,
  skillId,
  instructorId: null,
  status,
  progressPercentage,
  attempts,
  successfulAttempts: status === 'completed' ? attempts : 0,
  lastAttemptDate: '2026-06-30',
  nextAssessmentDate: null,
  notes: null,
  attemptsBySetting: null,
  observedAttempts: 0,
  pendingAttempts: 0,
  statusOverride: null,
  progressOverride: null,
  fieldStamps: null,
});

const programs = [
  program('ff1', 'Firefighter I Academy', 'fire', 'firefighter_1'),
  program('ff2', 'Firefighter II Cohort', 'fire', 'firefighter_2'),
  program('bpo', 'Basic Peace Officer Academy', 'police', 'basic_peace_officer'),
  program('emt', 'EMT Basic', 'ems', 'emt'),
];
const skills = [
  skill('f1', 'fire', 'firefighter_1', 'NFPA 1001 4.1.2'),
  skill('f2', 'fire', 'firefighter_1', 'NFPA 1001 4.1.10'),
  skill('f3', 'fire', 'firefighter_2', 'NFPA 1001 5.3.1'),
  skill('p1', 'police', 'basic_peace_officer', 'POST 1'),
  skill('e1', 'ems', 'emt', 'SMC 1'),
];
const students = [
  student('ana', 'Lopez', 'ff1'),
  student('ben', 'Ruiz', 'ff1', { isActive: false }),
  student('cy', 'Adams', 'ff2'),
  student('dee', 'Park', 'bpo'),
  student('eve', 'Stone', 'emt'),
];
const progress = [
  record('ana', 'f1', 'completed', 100, 2),
  record('ben', 'f1', 'in_progress', 50),
  record('ben', 'f2', 'completed', 100),
  record('cy', 'f3', 'remediation_required', 20),
  record('dee', 'p1', 'completed', 100),
  record('eve', 'e1', 'completed', 100),
];

/** Summaries exactly as useProgramTypeSummaries builds them on the device. */
function summaries(): SummarizedStudent[] {
  const byId = new Map(programs.map((p) => [p.id, p]));
  const skillsFor = skillsByTrack(skills);
  return students.map((s) => ({
    student: s,
    summary: summarizeStudent(
      s,
      byId.get(s.programId),
      skillsFor,
      new Map(progress.filter((p) => p.studentId === s.id).map((p) => [p.skillId, p])),
      addUpHours([]),
    ),
  }));
}

const input = (over: Partial<TrackerInput> = {}): TrackerInput => ({
  discipline: 'fire',
  programId: ALL_PROGRAMS,
  programs,
  skills,
  students: summaries(),
  progress,
  ...over,
});
const names = (view: ReturnType<typeof trackerView>) => view.cards.map((c) => c.student.lastName);

describe('tracker figures', () => {
  it("shows the students of the discipline's programs, by last name", () => {
    expect(names(trackerView(input()))).toEqual(['Adams', 'Lopez', 'Ruiz']);
    expect(names(trackerView(input({ discipline: 'police' })))).toEqual(['Park']);
  });

  it("counts the discipline's skills, the active students, the mean progress and the completions", () => {
    // Lopez 50% (f1 100, f2 missing), Ruiz 75% (50 and 100), Adams 20% (f3 only): mean 48.3
    expect(trackerView(input()).tiles).toEqual({
      totalSkills: 3,
      activeStudents: 2,
      avgProgress: 48,
      completedSkillRecords: 2,
    });
    expect(trackerView(input({ discipline: 'police' })).tiles).toEqual({
      totalSkills: 1,
      activeStudents: 1,
      avgProgress: 100,
      completedSkillRecords: 1,
    });
  });

  it('applies the program filter to the students and every tile', () => {
    const ff1 = trackerView(input({ programId: 'ff1' }));
    expect(names(ff1)).toEqual(['Lopez', 'Ruiz']);
    expect(ff1.tiles).toEqual({ totalSkills: 2, activeStudents: 1, avgProgress: 63, completedSkillRecords: 2 });
    const ff2 = trackerView(input({ programId: 'ff2' }));
    expect(names(ff2)).toEqual(['Adams']);
    expect(ff2.tiles).toEqual({ totalSkills: 1, activeStudents: 1, avgProgress: 20, completedSkillRecords: 0 });
  });

  it('counts completed skill records per student, not distinct skills, off-track ones included', () => {
    // f1 completed by two students, and f3 (a Firefighter II skill) by a Firefighter I student: 3 records, 2 skills
    const withOffTrack = [...progress, record('cy', 'f1', 'completed', 100), record('ana', 'f3', 'completed', 100)];
    const view = trackerView(input({ progress: withOffTrack.filter((p) => p.studentId !== 'ben') }));
    expect(view.tiles.completedSkillRecords).toBe(3);
    expect(FIGURES.completedSkillRecords.name).not.toMatch(/^skills completed$/i);
  });

  it('offers only the programs of the discipline, and ignores a program of another one', () => {
    expect(trackerView(input()).programs.map((p) => p.name)).toEqual([
      'Firefighter I Academy',
      'Firefighter II Cohort',
    ]);
    expect(names(trackerView(input({ programId: 'bpo' })))).toEqual(['Adams', 'Lopez', 'Ruiz']);
  });

  it('counts a skill with no record as not started', () => {
    const lopez = trackerView(input()).cards.find((c) => c.student.lastName === 'Lopez')!;
    expect(lopez.summary.progressPercentage).toBe(50);
    expect(lopez.cells.map((c) => [c.skill.id, c.status, c.progressPercentage, c.attempts, c.lastAttemptDate])).toEqual(
      [
        ['f1', 'completed', 100, 2, '2026-06-30'],
        ['f2', 'not_started', 0, 0, null],
      ],
    );
  });

  it("lists skills in the standard's paragraph order", () => {
    expect(trackerView(input()).skills.map((s) => s.standardReference)).toEqual([
      'NFPA 1001 4.1.2',
      'NFPA 1001 4.1.10',
      'NFPA 1001 5.3.1',
    ]);
  });

  it('is empty, not wrong, with no students or no skills', () => {
    expect(trackerView(input({ students: [] })).tiles).toEqual({
      totalSkills: 3,
      activeStudents: 0,
      avgProgress: 0,
      completedSkillRecords: 0,
    });
    expect(trackerView(input({ skills: [] })).skills).toEqual([]);
  });

  it('narrows the skills shown to those matching the search text', () => {
    const cards = matchingSkills(trackerView(input({ programId: 'ff1' })).cards, '4.1.10');
    expect(cards.map((c) => c.cells.map((x) => x.skill.id))).toEqual([['f2'], ['f2']]);
  });
});

describe('progress export', () => {
  it("writes one row per student and skill with the discipline's reference column", () => {
    const wording = wordingFor('fire');
    const rows = progressExportRows(trackerView(input({ programId: 'ff1' })).cards, wording);
    expect(progressExportColumns(wording)).toContain('NFPA Reference');
    expect(progressExportColumns(wordingFor('police'))).toContain('POST Reference');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatchObject({
      Student: 'ANA Lopez',
      'Student ID': 'S-ana',
      Program: 'Firefighter I Academy',
      Skill: 'Skill f2',
      'NFPA Reference': 'NFPA 1001 4.1.10',
      Status: 'Not Started',
      'Progress (%)': 0,
      Attempts: 0,
      'Last Attempt Date': '',
    });
  });

  it("says on the fire tracker whether the candidate's task book has each JPR signed, and the book's state", () => {
    const wording = wordingFor('fire');
    // Lopez's book (candidateBooks' figures): f1 signed, f2 missing; Ruiz has not started one
    const books = new Map([
      ['ana', { signed: 1, required: 2, state: 'started' as const, missing: ['f2'] }],
      ['ben', { signed: 0, required: 2, state: 'not_started' as const, missing: ['f1', 'f2'] }],
    ]);
    const rows = progressExportRows(trackerView(input({ programId: 'ff1' })).cards, wording, books);
    expect(progressExportColumns(wording, true).slice(-2)).toEqual(['JPR Signed', 'Task Book']);
    expect(rows.map((r) => [r.Student, r.Skill, r['JPR Signed'], r['Task Book']])).toEqual([
      ['ANA Lopez', 'Skill f1', 'Signed', 'In progress'],
      ['ANA Lopez', 'Skill f2', 'Not signed', 'In progress'],
      ['BEN Ruiz', 'Skill f1', 'Not signed', 'Not started'],
      ['BEN Ruiz', 'Skill f2', 'Not signed', 'Not started'],
    ]);
  });
});
