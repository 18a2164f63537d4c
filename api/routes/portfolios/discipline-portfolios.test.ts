import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { emsWorld, poster } from '#api/test/ems-fixtures.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { pdfLines as readPdfLines, pdfText as readPdfText } from '#api/test/pdf-text.ts';
import { studentIn } from '#api/test/program-world.ts';
import type { DorRating, DorRatingValue } from '#schema/dor.ts';
import type { Missing, Portfolio } from '#schema/portfolio.ts';
import * as t from '#schema/tables.ts';

type Answer = Portfolio & {
  readiness: { ready: boolean; missing: Missing[] };
  attestation: { changedAfter: string[]; signatures: { changed: boolean; contentHash: string }[] };
};

let h: TestApp;
let studentId: string;

const read = async (ext = '') => h.as('director', 'GET', `/api/students/${studentId}/portfolio${ext}`);
const portfolio = async () => (await (await read()).json()) as Answer;
const attest = (role: 'director' | 'instructor' = 'director') =>
  h.as(role, 'POST', `/api/students/${studentId}/attestations`, {
    exception: 'Short of the rule: the board reviewed the record and accepts it.',
  });

const pdfText = async () => readPdfText(await read('.pdf'));

describe('a fire candidate’s portfolio', () => {
  let jprs: Record<string, string>;
  let bookId: string;
  const signJpr = (skill: string, performedOn: string, passed: boolean, method = 'observed') =>
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.jprSignOffs, {
        taskBookId: bookId,
        studentId,
        skillId: jprs[skill]!,
        performedOn,
        method,
        passed,
        steps: [],
        inTraining: false,
        attemptNumber: 1,
        dayNumber: 1,
        comments: null,
        evaluatorName: 'Rosa Diaz',
        evaluatorNumber: 'FD-2042',
        evaluatorId: h.users.instructor.id,
        signature: { kind: 'typed', name: 'Rosa Diaz' },
        capturedAt: `${performedOn}T16:00:00.000Z`,
        recordedBy: h.users.instructor.id,
      }),
    );

  beforeEach(() => {
    h = testApp();
    const program = h.program({ name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' });
    studentId = studentIn(h, program.id);
    asSystem(h.db, 'fixture', (ctx) => {
      const skill = (ref: string, name: string, certificationLevel = 'firefighter_1') =>
        ctx.insert(t.skills, {
          code: `ff-${ref}`,
          name,
          category: 'Fireground',
          programType: 'fire',
          certificationLevel,
          standardReference: `NFPA 1001 (2019) ${ref}`,
        }).id;
      // entered out of section order, and a Fire Fighter II JPR the candidate's level does not require
      jprs = {
        '4.3.10': skill('4.3.10', 'Ground ladders'),
        '4.3.1': skill('4.3.1', 'Use SCBA'),
        '4.3.6': skill('4.3.6', 'Forcible entry'),
        '5.3.1': skill('5.3.1', 'Command', 'firefighter_2'),
      };
      bookId = ctx.insert(t.taskBooks, {
        studentId,
        programId: program.id,
        level: 'firefighter_1',
        state: 'started',
        startedBy: h.users.instructor.id,
        startedOn: '2026-01-01',
      }).id;
    });
    signJpr('4.3.1', '2026-11-20', true);
    signJpr('4.3.6', '2026-11-21', false);
  });

  it('shows each JPR of the book, its state, and what is missing instead of the SMC', async () => {
    const p = await portfolio();
    expect(p.discipline).toBe('fire');
    expect(p.dor).toBeNull();
    expect(p.taskBook).toEqual({
      state: 'started',
      stateLabel: 'In progress',
      signed: 1,
      required: 3,
      jprs: [
        {
          skillId: jprs['4.3.1'],
          reference: 'NFPA 1001 (2019) 4.3.1',
          name: 'Use SCBA',
          signed: true,
          method: 'Observed first-hand',
          evaluator: 'Rosa Diaz',
          date: '2026-11-20',
        },
        ...[
          ['4.3.6', 'Forcible entry'],
          ['4.3.10', 'Ground ladders'],
        ].map(([ref, name]) => ({
          skillId: jprs[ref!],
          reference: `NFPA 1001 (2019) ${ref}`,
          name,
          signed: false,
          method: null,
          evaluator: null,
          date: null,
        })),
      ],
    });
    expect(p.readiness).toEqual({
      ready: false,
      missing: [
        { key: `jpr:${jprs['4.3.6']}`, text: 'NFPA 1001 (2019) 4.3.6 Forcible entry: not signed' },
        { key: `jpr:${jprs['4.3.10']}`, text: 'NFPA 1001 (2019) 4.3.10 Ground ladders: not signed' },
        { key: 'taskBook', text: 'Task book: In progress, not certified' },
      ],
    });
  });

  it('is ready once every required JPR is signed and the book certified', async () => {
    signJpr('4.3.6', '2026-11-22', true);
    signJpr('4.3.10', '2026-11-22', true, 'prior_documented');
    expect((await portfolio()).readiness.missing).toEqual([
      { key: 'taskBook', text: 'Task book: In progress, not certified' },
    ]);
    asSystem(h.db, 'fixture', (ctx) => ctx.update(t.taskBooks, ctx.find(t.taskBooks, bookId)!, { state: 'certified' }));
    expect((await portfolio()).readiness).toEqual({ ready: true, missing: [] });
  });

  it('exports the JPRs as CSV and prints them in the PDF', async () => {
    const csv = await (await read('.csv')).text();
    expect(csv.replace('\ufeff', '').split(/\r?\n/).slice(0, 3)).toEqual([
      'NFPA 1001,JPR,Signed,Method,Evaluator,Date,Book',
      'NFPA 1001 (2019) 4.3.1,Use SCBA,Signed,Observed first-hand,Rosa Diaz,2026-11-20,In progress',
      'NFPA 1001 (2019) 4.3.6,Forcible entry,Not signed,,,,In progress',
    ]);
    const text = await pdfText();
    expect(text).toContain('NFPA 1001 task book: In progress, 1 of 3 JPRs signed');
    expect(text).toContain('NFPA 1001 (2019) 4.3.10');
    expect(text).toContain('Task book: In progress, not certified');
    expect(text).not.toContain('Table 3');
  });

  it('wraps a long JPR name within its column in the PDF, its row growing to hold it', async () => {
    const long =
      'Don and doff a self-contained breathing apparatus within one minute, then operate it in an atmosphere immediately dangerous to life or health';
    asSystem(h.db, 'fixture', (ctx) => ctx.update(t.skills, ctx.find(t.skills, jprs['4.3.1']!)!, { name: long }));
    const lines = await readPdfLines(await read('.pdf'));
    // the rows of the table, top to bottom: each JPR's NFPA 1001 cell starts one
    const rows = lines.filter((l) => l.text.startsWith('NFPA 1001 (2019) 4.'));
    expect(rows.map((r) => r.text)).toEqual(['4.3.1', '4.3.6', '4.3.10'].map((s) => `NFPA 1001 (2019) ${s}`));
    // the name, line by line in the JPR column (95 pt in), all of it printed
    const column = lines.filter((l) => l.x === rows[0]!.x + 95 && l.y <= rows[0]!.y && l.y > rows[1]!.y);
    expect(column.length).toBeGreaterThan(2);
    expect(column.map((l) => l.text.trim()).join(' ')).toBe(long);
    // the next row starts below the name's last line, and the long row is taller than a one-line row
    expect(rows[1]!.y).toBeLessThan(column.at(-1)!.y - 8);
    const [longRow, oneLineRow] = [rows[0]!.y - rows[1]!.y, rows[1]!.y - rows[2]!.y];
    expect(longRow).toBeGreaterThan(oneLineRow * 2);
    // 8 pt Helvetica lines are 9.25 pt apart
    expect(longRow).toBeGreaterThanOrEqual(column.length * 9.25);
  });

  it('freezes the book in the attestation and names the JPR signed after it', async () => {
    expect((await attest()).status).toBe(201);
    const signed = await portfolio();
    expect(signed.attestation.changedAfter).toEqual([]);
    expect(signed.attestation.signatures[0]!.contentHash).toBe(
      (await (await h.as('director', 'GET', `/api/students/${studentId}/portfolio`)).json()).attestation.contentHash,
    );
    signJpr('4.3.6', '2026-11-22', true);
    const p = await portfolio();
    expect(p.attestation.signatures[0]!.changed).toBe(true);
    expect(p.attestation.changedAfter).toEqual([
      'JPR NFPA 1001 (2019) 4.3.6 Forcible entry: was not signed, now signed 2026-11-22 by Rosa Diaz (Observed first-hand)',
    ]);
  });
});

describe('a police recruit’s portfolio', () => {
  const rate = (rating: DorRatingValue): DorRating => ({ rating, comment: 'noted' });
  const dor = (date: string, status: string, ratings: Record<string, DorRatingValue>) =>
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.dors, {
        studentId,
        ftoId: h.users.instructor.id,
        date,
        ratings: Object.fromEntries(Object.entries(ratings).map(([k, v]) => [k, rate(v)])),
        status,
      }),
    );

  beforeEach(() => {
    h = testApp();
    // the instructor coordinates the field training: the first of its attestation's two signers
    const program = h.program({ name: 'Field Training', type: 'police' }, [
      { userId: h.users.instructor.id, assignedRole: 'instructor' },
    ]);
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.update(t.programs, ctx.find(t.programs, program.id)!, {
        dorCategories: [
          { code: 'A', name: 'Appearance', group: 'General' },
          { code: 'B', name: 'Driving', group: 'Patrol' },
        ],
        dorPhaseRules: [
          { fromWeek: 1, toWeek: 1, minShare: 0.5 },
          { fromWeek: 2, toWeek: 2, minShare: 1 },
        ],
      }),
    );
    studentId = studentIn(h, program.id);
    dor('2026-11-02', 'reviewed', { A: 3, B: 6 });
    dor('2026-11-04', 'reviewed', { A: 4, B: 'N.O.' });
    dor('2026-11-10', 'acknowledged', { A: 5, B: 3 });
    // a draft counts only as a report still to complete
    dor('2026-11-11', 'draft', { A: 7, B: 7 });
  });

  it('shows the phase, each category’s latest and mean, the reports signed, and what is missing', async () => {
    const p = await portfolio();
    expect(p.discipline).toBe('police');
    expect(p.taskBook).toBeNull();
    // first report 11-02, latest completed 11-10: day 8, week 2, the second (final) phase; week 2's latest: A 5, B 3
    expect(p.dor).toEqual({
      phase: 2,
      phases: 2,
      week: 2,
      share: 0.5,
      minShare: 1,
      mayAdvance: false,
      categories: [
        { code: 'A', name: 'Appearance', latest: 5, mean: 4 },
        { code: 'B', name: 'Driving', latest: 3, mean: 4.5 },
      ],
      // week 1 (11-02, 11-04): A 4, B 6 both acceptable; week 2: A 5 yes, B 3 no
      weeks: [
        { week: 1, share: 1 },
        { week: 2, share: 0.5 },
      ],
      // the FTO signed the three completed reports, the trainee all three after, a supervisor two
      signed: { fto: 3, trainee: 3, supervisor: 2 },
      toComplete: 1,
      toAcknowledge: 0,
      toReview: 1,
      neverScored: [],
    });
    expect(p.readiness).toEqual({
      ready: false,
      missing: [{ key: 'dor:share', text: 'Ratings acceptable this week: 50%, 100% needed' }],
    });
  });

  it('is not ready in an earlier phase even when that phase’s rule is met', async () => {
    h.db.delete(t.dors).run();
    dor('2026-11-02', 'reviewed', { A: 5, B: 5 });
    const p = await portfolio();
    expect(p.dor).toMatchObject({ phase: 1, mayAdvance: true });
    expect(p.readiness.missing).toEqual([{ key: 'dor:phase', text: 'Phase 1 of 2: the final phase is not reached' }]);
  });

  it('is ready when the final phase’s rule is met', async () => {
    dor('2026-11-12', 'completed', { A: 5, B: 4 });
    expect((await portfolio()).readiness).toEqual({ ready: true, missing: [] });
  });

  it('exports the categories as CSV and prints them in the PDF', async () => {
    const csv = await (await read('.csv')).text();
    expect(csv.replace('\ufeff', '').split(/\r?\n/).slice(0, 3)).toEqual([
      'Category,Latest rating,Mean score,Phase,Signed by FTO,Signed by trainee,Signed by supervisor',
      'Appearance,5,4,2 of 2,3,3,2',
      'Driving,3,4.5,2 of 2,3,3,2',
    ]);
    const text = await pdfText();
    expect(text).toContain(
      'Daily Observation Reports: phase 2 of 2, signed by the FTO 3, by the trainee 3, by a supervisor 2',
    );
    expect(text).toContain('Driving');
    expect(text).toContain('Ratings acceptable this week: 50%, 100% needed');
    expect(text).not.toContain('Table 1');
  });

  it('freezes the record in the attestation and names the category a later report changed', async () => {
    expect((await attest('instructor')).status).toBe(201);
    expect((await portfolio()).attestation.changedAfter).toEqual([]);
    dor('2026-11-12', 'completed', { A: 5, B: 4 });
    const p = await portfolio();
    expect(p.attestation.signatures[0]!.changed).toBe(true);
    // Appearance: (3+4+5+5)/4 = 4.25, Driving: (6+3+4)/3 = 4.33
    expect(p.attestation.changedAfter).toEqual([
      'DOR Appearance: was latest 5, mean 4, now latest 5, mean 4.3',
      'DOR Driving: was latest 3, mean 4.5, now latest 4, mean 4.3',
    ]);
  });
});

describe('an EMT student’s portfolio', () => {
  it('titles the skills table by the level, not as the paramedic SMC’s Table 3', async () => {
    h = testApp({ standards: true });
    const world = emsWorld(h, 'emt');
    studentId = world.mine;
    const csv = await (await read('.csv')).text();
    expect(csv).toContain('\nSkills (program-set minimums),');
    expect(csv).not.toContain('Table 3: Motor skills');
    const text = await pdfText();
    expect(text).toContain('Skills (program-set minimums) (verified; awaiting shown apart)');
  });

  it('names a skill changed after attestation under the level’s title', async () => {
    h = testApp({ standards: true });
    const world = emsWorld(h, 'emt');
    studentId = world.mine;
    asSystem(h.db, 'fixture', (ctx) => ctx.update(t.programs, world.program, { directorId: h.users.director.id }));
    expect((await attest()).status).toBe(201);
    const e201 = h.db.select().from(t.skills).where(eq(t.skills.code, 'ems-emt-e201-trauma-assessment')).get()!;
    const attempt = { studentId, skillId: e201.id, attemptedAt: '2026-11-20T10:00:00.000Z' };
    await poster(h)('instructor', '/api/skill-attempts', { ...attempt, setting: 'lab', outcome: 'successful' });
    const { changedAfter } = (await portfolio()).attestation;
    expect(changedAfter).toContain(
      'Skills (program-set minimums): Patient Assessment/Management – Trauma: was 0 of 1 verified, 0 attempted, 0 successful, now 1 of 1 verified, 1 attempted, 1 successful',
    );
    expect(changedAfter.join('\n')).not.toContain('Table 3');
  });
});
