import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { asSystem } from '#api/seed/standards.ts';
import { emsWorld, poster } from '#api/test/ems-fixtures.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { MIGRATIONS } from '#api/test/migrations-before.ts';
import type { Portfolio } from '#schema/portfolio.ts';
import { smcItems, type SmcTable } from '#schema/smc.ts';
import * as t from '#schema/tables.ts';

/**
 * An attestation stands on the evidence (stable keys and figures), not on the words the app prints: a signature
 * made before a table was retitled or a skill renamed still stands while no figure changed, and any changed figure
 * still shows, named by its label now. Signatures stored before migration 0025 froze their evidence under the labels
 * of the day; the migration gives each the same figures under stable keys, and these tests keep its verdicts.
 */
type Answer = Portfolio & {
  attestation: { changedAfter: string[]; signatures: { changed: boolean; contentHash: string }[] };
};

let h: TestApp;
let studentId: string;

const portfolio = async () =>
  (await (await h.as('director', 'GET', `/api/students/${studentId}/portfolio`)).json()) as Answer;
const attest = () =>
  h.as('director', 'POST', `/api/students/${studentId}/attestations`, {
    exception: 'Short of the rule: the board reviewed the record and accepts it.',
  });
const verdict = async () => {
  const { attestation } = await portfolio();
  return { changed: attestation.signatures.map((s) => s.changed), changedAfter: attestation.changedAfter };
};

/** The SMC titles every level's tables were printed under before the skills table was titled by level. */
const OLD_TITLES: Record<SmcTable, string> = {
  age: 'Table 1: Ages',
  pathology: 'Table 2: Pathologies',
  teamLeads: 'Table 4: Team leads',
  motor: 'Table 3: Motor skills',
};

/** The portfolio's content as attestations froze it before migration 0025: each figure under its label of the day. */
function oldSnapshot(p: Portfolio): Record<string, string> {
  const out: Record<string, string> = {};
  for (const j of p.taskBook?.jprs ?? []) {
    out[`JPR ${j.reference} ${j.name}`] = j.signed ? `signed ${j.date} by ${j.evaluator} (${j.method})` : 'not signed';
  }
  if (p.taskBook) out['Task book'] = p.taskBook.stateLabel;
  if (p.dor) {
    out['DOR phase'] = p.dor.phase === null ? 'none' : `${p.dor.phase} of ${p.dor.phases}`;
    for (const c of p.dor.categories) out[`DOR ${c.name}`] = `latest ${c.latest ?? '-'}, mean ${c.mean ?? '-'}`;
    out['DORs signed through all phases'] = String(p.dor.signed.supervisor);
  }
  for (const i of p.discipline === 'ems' ? smcItems(p.smc) : []) {
    out[`${OLD_TITLES[i.table]}: ${i.label}`] =
      `${i.count} of ${i.minimum} verified, ${i.attempted} attempted, ${i.successful} successful`;
  }
  out['Hours verified'] = String(p.hours.verified);
  for (const s of p.signOffs) out[`Sign-off ${s.capturedAt.slice(0, 10)} by ${s.preceptor.name} (${s.id})`] = s.status;
  return out;
}

/**
 * The director's signature on the portfolio as it stands, stored as it was before migration 0025 (the new column at
 * its default), then the migration's statements after that column run on it, as they run on a deployed database.
 */
async function signedBeforeMigration() {
  const snapshot = oldSnapshot(await portfolio());
  const contentHash = sha256(JSON.stringify(Object.entries(snapshot).sort(([a], [b]) => a.localeCompare(b))));
  h.db
    .insert(t.attestations)
    .values({
      id: 'old-signature',
      studentId,
      role: 'program_director',
      signerId: h.users.director.id,
      signerName: 'Dana Director',
      signedAt: '2026-11-01T10:00:00.000Z',
      contentHash,
      snapshot,
    })
    .run();
  const file = readdirSync(MIGRATIONS).find((f) => f.endsWith('_attested_evidence.sql'))!;
  const [, ...dataMove] = readFileSync(join(MIGRATIONS, file), 'utf8').split('--> statement-breakpoint');
  for (const statement of dataMove) h.db.$client.exec(statement);
  return { snapshot, contentHash };
}

const UNCHANGED = { changed: [false], changedAfter: [] };

describe('an EMT portfolio signed before the skills table was titled by level', () => {
  const trauma = () => h.db.select().from(t.skills).where(eq(t.skills.code, 'ems-emt-e201-trauma-assessment')).get()!;

  function emtWorld() {
    h = testApp({ standards: true });
    const world = emsWorld(h, 'emt');
    studentId = world.mine;
    asSystem(h.db, 'fixture', (ctx) => {
      ctx.update(t.programs, world.program, { directorId: h.users.director.id });
      // a preceptor's sign-off of an hours entry, which the evidence lists by its id
      const hours = ctx.insert(t.clinicalHours, {
        studentId,
        date: '2026-11-20',
        hoursCompleted: 2,
        hourType: 'field',
        recordedBy: h.users.student.id,
      });
      ctx.insert(t.signOffs, {
        studentId,
        records: [{ kind: 'hours', id: hours.id }],
        contentHash: '0'.repeat(64),
        hash: '1'.repeat(64),
        deviceId: 'device-0001',
        capturedAt: '2026-11-20T12:00:00.000Z',
        preceptor: {
          name: 'Pat (Lee)',
          credential: 'Paramedic',
          number: '1',
          agency: 'County',
          contact: 'p@example.org',
        },
        evaluation: {},
        teamLeadScores: {},
        signature: { kind: 'typed', name: 'Pat (Lee)' },
        recordedBy: h.users.student.id,
        status: 'awaiting',
      });
    });
  }

  it('still stands when no evidence changed, and a later change is named by its title now', async () => {
    emtWorld();
    await signedBeforeMigration();
    expect(await verdict()).toEqual(UNCHANGED);

    const attempt = { studentId, skillId: trauma().id, attemptedAt: '2026-11-20T10:00:00.000Z' };
    await poster(h)('instructor', '/api/skill-attempts', { ...attempt, setting: 'lab', outcome: 'successful' });
    expect(await verdict()).toEqual({
      changed: [true],
      changedAfter: [
        'Skills (program-set minimums): Patient Assessment/Management – Trauma: was 0 of 1 verified, 0 attempted, 0 successful, now 1 of 1 verified, 1 attempted, 1 successful',
      ],
    });
  });

  it('keeps the signed content and its hash as they were', async () => {
    emtWorld();
    const signed = await signedBeforeMigration();
    const [row] = h.db.select().from(t.attestations).all();
    expect([row!.snapshot, row!.contentHash]).toEqual([signed.snapshot, signed.contentHash]);
    expect(Object.keys(row!.snapshot)).toContain('Table 3: Motor skills: Patient Assessment/Management – Trauma');
    // every label found the record it counts: the sign-off by its id, the contact tables by their items
    expect(Object.keys(row!.evidence).filter((k) => k.startsWith('label:'))).toEqual([]);
    const signOff = h.db.select().from(t.signOffs).get()!;
    expect(row!.evidence[`signOff:${signOff.id}`]?.value).toBe('awaiting');
    expect(row!.evidence['smc:age:Adult']?.label).toBe('Table 1: Ages: Adult');
    expect(row!.evidence[`smc:motor:${trauma().id}`]).toEqual({
      label: 'Table 3: Motor skills: Patient Assessment/Management – Trauma',
      value: '0 of 1 verified, 0 attempted, 0 successful',
    });
  });

  it('a signature made now stands through a skill renamed in the catalogue', async () => {
    emtWorld();
    expect((await attest()).status).toBe(201);
    asSystem(h.db, 'fixture', (ctx) => ctx.update(t.skills, trauma(), { name: 'Trauma assessment (renamed)' }));
    expect(await verdict()).toEqual(UNCHANGED);
  });
});

describe('fire and police portfolios signed before the evidence had stable keys', () => {
  it("a fire candidate's: JPR methods and the book's state were frozen as printed", async () => {
    h = testApp();
    const program = h.program({ name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' });
    studentId = asSystem(h.db, 'fixture', (ctx) => {
      ctx.update(t.programs, ctx.find(t.programs, program.id)!, { directorId: h.users.director.id });
      const student = ctx.insert(t.students, {
        firstName: 'Cam',
        lastName: 'Reyes',
        email: 'cam@example.org',
        phone: '555-0199',
        studentCode: 'X-1',
        programId: program.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      });
      const jpr = (ref: string, name: string) =>
        ctx.insert(t.skills, {
          code: `ff-${ref}`,
          name,
          category: 'Fireground',
          programType: 'fire',
          certificationLevel: 'firefighter_1',
          standardReference: `NFPA 1001 (2019) ${ref}`,
        }).id;
      const scba = jpr('4.3.1', 'Use SCBA');
      jpr('4.3.10', 'Ground ladders');
      const book = ctx.insert(t.taskBooks, {
        studentId: student.id,
        programId: program.id,
        level: 'firefighter_1',
        state: 'started',
        startedBy: h.users.instructor.id,
        startedOn: '2026-01-01',
      });
      ctx.insert(t.jprSignOffs, {
        taskBookId: book.id,
        studentId: student.id,
        skillId: scba,
        performedOn: '2026-11-20',
        method: 'prior_documented',
        passed: true,
        steps: [],
        inTraining: false,
        attemptNumber: 1,
        dayNumber: 1,
        comments: null,
        evaluatorName: 'Rosa Diaz',
        evaluatorNumber: 'FD-2042',
        evaluatorId: h.users.instructor.id,
        signature: { kind: 'typed', name: 'Rosa Diaz' },
        capturedAt: '2026-11-20T16:00:00.000Z',
        recordedBy: h.users.instructor.id,
      });
      return student.id;
    });
    await signedBeforeMigration();
    expect(await verdict()).toEqual(UNCHANGED);

    asSystem(h.db, 'fixture', (ctx) => {
      const book = ctx.find(t.taskBooks, h.db.select().from(t.taskBooks).get()!.id)!;
      ctx.update(t.taskBooks, book, { state: 'verified' });
    });
    expect(await verdict()).toEqual({
      changed: [true],
      changedAfter: ['Task book: was In progress, now Verified by the final evaluator'],
    });
  });

  it("a police recruit's: each DOR category was frozen by its name", async () => {
    h = testApp();
    const program = h.program({ name: 'Academy', type: 'police', certificationLevel: 'basic_peace_officer' });
    studentId = asSystem(h.db, 'fixture', (ctx) => {
      ctx.update(t.programs, ctx.find(t.programs, program.id)!, { directorId: h.users.director.id });
      return ctx.insert(t.students, {
        firstName: 'Sam',
        lastName: 'Ortiz',
        email: 'sam@example.org',
        phone: '555-0198',
        studentCode: 'P-1',
        programId: program.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    });
    await signedBeforeMigration();
    const [row] = h.db.select().from(t.attestations).all();
    expect(Object.keys(row!.evidence).filter((k) => k.startsWith('label:'))).toEqual([]);
    expect(await verdict()).toEqual(UNCHANGED);
  });
});
