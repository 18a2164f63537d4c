/**
 * The demo a newcomer walks after `npm start`: its figures agree with its evidence, its sign-offs are what a device
 * would have sent, and the graduate-ready student's portfolio can be attested end to end by the program's director and
 * then the Medical Director.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '#api/app.ts';
import { openDb } from '#api/db/open.ts';
import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { SAME_ORIGIN } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import type { Missing, Portfolio } from '#schema/portfolio.ts';
import { signedContent, signOffContent, signOffVerifier } from '#schema/sign-off.ts';
import { entryOf, figuresOf, foldEntries, summaryColumns } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

import { demoEmail, seedDemo } from './demo.ts';
import { MEDICAL_DIRECTOR_EMAIL, READY_STUDENT_CODE } from './demo-portfolio.ts';
import { FIRE_DEMO_EMAILS } from './fire-demo.ts';
import { POLICE_DEMO_EMAILS } from './police-demo.ts';
import { seedStandards } from './standards.ts';

const PASSWORD = 'demo-test-password';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const db = openDb(':memory:');
const app = createApp({ db, dataDir: '/tmp', demo: false });

beforeAll(() => {
  seedStandards(db);
  seedDemo(db, PASSWORD);
});

async function signIn(email: string) {
  const res = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status, email).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

const call = async (email: string, method: string, path: string, body?: object) =>
  app.request(path, {
    method,
    headers: { ...SAME_ORIGIN, cookie: await signIn(email), 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('the demo seed', () => {
  it("holds in every student-skill summary row the figures its pair's evidence log gives", () => {
    const log = db.select().from(t.skillAttempts).all();
    const summaries = db.select().from(t.studentSkills).all();
    expect(summaries.length).toBeGreaterThan(100);
    for (const row of summaries) {
      const entries = log.filter((e) => e.studentId === row.studentId && e.skillId === row.skillId).map(entryOf);
      expect(summaryColumns(figuresOf(row)), row.id).toEqual(summaryColumns(foldEntries(entries)));
    }
  });

  it('has three weeks of sign-offs as a phone sends them: confirmed by link, awaiting, one disputed', () => {
    const signOffs = db.select().from(t.signOffs).all();
    expect(signOffs.map((s) => s.status).sort()).toEqual([
      'awaiting',
      'awaiting',
      'confirmed',
      'confirmed',
      'confirmed',
      'confirmed',
      'disputed',
    ]);
    const byTime = [...signOffs].sort((a, b) => a.capturedAt.localeCompare(b.capturedAt));
    const days = (Date.parse(byTime.at(-1)!.capturedAt) - Date.parse(byTime[0].capturedAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(14);
    byTime.forEach((s, i) => {
      // the hashes the server checks on arrival (which carried no co-sign code), and one unbroken device chain
      const sent = { ...s, cosignCode: s.cosignCode ?? undefined } as Parameters<typeof signOffContent>[0];
      expect(sha256(signOffContent(sent))).toBe(s.hash);
      expect(s.previousHash).toBe(i === 0 ? null : byTime[i - 1].hash);
      const ids = s.records.map((r) => r.id);
      const attempts = db
        .select()
        .from(t.skillAttempts)
        .all()
        .filter((a) => ids.includes(a.id));
      const contacts = db
        .select()
        .from(t.patientContacts)
        .all()
        .filter((c) => ids.includes(c.id));
      expect(sha256(signedContent(s.studentId, { attempts, contacts, hours: [] }))).toBe(s.contentHash);
      // a confirmed sign-off verifies what it holds; an awaiting or disputed one verifies nothing
      const verifier = s.status === 'confirmed' ? signOffVerifier(s.id) : null;
      for (const r of [...attempts, ...contacts]) expect(r.verifiedBy, s.status).toBe(verifier);
    });
  });

  it("lets the program's director and then the Medical Director attest the graduate-ready student", async () => {
    const ready = db.select().from(t.students).where(eq(t.students.studentCode, READY_STUDENT_CODE)).get()!;
    const director = demoEmail('director' satisfies Role);
    const portfolio = async () =>
      (await (await call(director, 'GET', `/api/students/${ready.id}/portfolio`)).json()) as Portfolio & {
        readiness: { ready: boolean; missing: Missing[] };
        attestation: { signatures: { role: string }[] };
      };
    const before = await portfolio();
    expect(before.readiness).toEqual({ ready: true, missing: [] });
    expect(before.smc.teamLeads).toMatchObject([{ met: true }]);

    const attest = (email: string) => call(email, 'POST', `/api/students/${ready.id}/attestations`, {});
    // the Medical Director signs only after the Program Director
    expect((await attest(MEDICAL_DIRECTOR_EMAIL)).status).toBe(409);
    expect((await attest(director)).status).toBe(201);
    expect((await attest(MEDICAL_DIRECTOR_EMAIL)).status).toBe(201);
    expect((await portfolio()).attestation.signatures.map((s) => s.role)).toEqual([
      'program_director',
      'medical_director',
    ]);
  });

  it("lets the demo's fire and police staff sign their programs' attestations, each in its own step", async () => {
    const studentOf = (code: string) => db.select().from(t.students).where(eq(t.students.studentCode, code)).get()!;
    const roleOf = async (email: string, studentId: string) =>
      (
        (await (await call(email, 'GET', `/api/students/${studentId}/portfolio`)).json()) as {
          attestation: { yourRole: string | null };
        }
      ).attestation.yourRole;
    const director = demoEmail('director' satisfies Role);
    const fire = studentOf('FF-2026001').id;
    expect(await roleOf(director, fire)).toBe('training_officer');
    expect(await roleOf(FIRE_DEMO_EMAILS.official, fire)).toBe('certifying_official');
    expect(await roleOf(FIRE_DEMO_EMAILS.evaluator, fire)).toBeNull();
    const police = studentOf('PD-2026-014').id;
    expect(await roleOf(POLICE_DEMO_EMAILS.supervisor, police)).toBe('fto_coordinator');
    expect(await roleOf(director, police)).toBe('academy_director');
    expect(await roleOf(POLICE_DEMO_EMAILS.fto, police)).toBeNull();
  });

  it("leaves the demo student's own shifts awaiting a preceptor in their portfolio", async () => {
    const sam = db
      .select()
      .from(t.students)
      .where(eq(t.students.email, demoEmail('student')))
      .get()!;
    const p = (await (
      await call(demoEmail('student'), 'GET', `/api/students/${sam.id}/portfolio`)
    ).json()) as Portfolio;
    expect(p.signOffs).toHaveLength(7);
    expect(p.smc.contacts.awaiting).toBeGreaterThanOrEqual(3);
  });

  it("has a board of shifts: the approved time request is the demo student's booked shift, and open ones to book", async () => {
    const board = (await (await call(demoEmail('clinical_coordinator'), 'GET', '/api/shifts?days=7')).json()) as {
      data: { unit: string | null; site: string | null; booked: { name: string }[] }[];
    };
    const requested = board.data.find((s) => s.site === 'Metro County EMS Station 4' && s.unit === null);
    expect(requested?.booked.map((b) => b.name)).toEqual(['Sam Rivera']);
    const later = (await (
      await call(demoEmail('clinical_coordinator'), 'GET', `/api/shifts?days=7&from=${inDays(7)}`)
    ).json()) as typeof board;
    expect(later.data.map((s) => s.unit).sort()).toEqual(['Emergency Department', 'Medic 4']);
    expect(later.data.find((s) => s.unit === 'Medic 4')?.booked).toHaveLength(2);
  });
});
