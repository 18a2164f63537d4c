/**
 * The fire half of the demo a newcomer walks: the candidate's own book holds weeks of records the rules would have
 * accepted, its figures are the hand-counted ones, and each step left (a JPR to sign, a book to certify) can be taken
 * from the demo accounts.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '#api/app.ts';
import { openDb } from '#api/db/open.ts';
import { SAME_ORIGIN } from '#api/test/helpers.ts';
import { nextAttempt, performedBeforeStart, taskBookRulesOf } from '#schema/fire-task-book.ts';
import * as t from '#schema/tables.ts';

import { seedDemo } from './demo.ts';
import { FIRE_DEMO_EMAILS } from './fire-demo.ts';
import { seedStandards } from './standards.ts';

const PASSWORD = 'demo-test-password';
const db = openDb(':memory:');
const app = createApp({ db, dataDir: '/tmp', demo: false });

beforeAll(() => {
  seedStandards(db);
  seedDemo(db, PASSWORD);
});

async function call(email: string, method: string, path: string, body?: object) {
  const login = await app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  return app.request(path, {
    method,
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

const candidate = () => db.select().from(t.students).where(eq(t.students.email, FIRE_DEMO_EMAILS.candidate)).get()!;
const bookOf = (studentId: string) => db.select().from(t.taskBooks).where(eq(t.taskBooks.studentId, studentId)).get();

async function progressOf(studentId: string) {
  const res = await call(FIRE_DEMO_EMAILS.evaluator, 'GET', '/api/reports/progress');
  return ((await res.json()) as { id: string; taskBook?: unknown }[]).find((r) => r.id === studentId)?.taskBook;
}

describe('the fire demo', () => {
  it('gives the candidate a book started three weeks ago: 8 of 30 JPRs signed, 2 failed once, 20 not attempted', async () => {
    const book = bookOf(candidate().id)!;
    expect(book).toMatchObject({
      state: 'started',
      startedBy: db.select().from(t.users).where(eq(t.users.email, FIRE_DEMO_EMAILS.candidate)).get()!.id,
    });
    const records = db.select().from(t.jprSignOffs).where(eq(t.jprSignOffs.taskBookId, book.id)).all();
    const passed = new Set(records.filter((r) => r.passed).map((r) => r.skillId));
    const failedOnly = new Set(records.filter((r) => !passed.has(r.skillId)).map((r) => r.skillId));
    expect([passed.size, failedOnly.size]).toEqual([8, 2]);
    expect(records.filter((r) => r.attemptNumber === 2)).toHaveLength(1);
    expect(records.some((r) => r.method === 'prior_documented')).toBe(true);
    expect(await progressOf(candidate().id)).toEqual({ signed: 8, required: 30, state: 'started' });
  });

  it('holds only records the rules would have taken: attempt and day numbers as counted, none before the start', () => {
    const books = db.select().from(t.taskBooks).all();
    expect(books.map((b) => b.state).sort()).toEqual(['started', 'verified']);
    const program = db.select().from(t.programs).where(eq(t.programs.id, books[0].programId)).get()!;
    const rules = taskBookRulesOf(program.taskBookRules);
    for (const book of books) {
      const records = db
        .select()
        .from(t.jprSignOffs)
        .where(eq(t.jprSignOffs.taskBookId, book.id))
        .all()
        .sort((a, b) => a.performedOn.localeCompare(b.performedOn));
      records.forEach((r, i) => {
        const earlier = records.slice(0, i).filter((p) => p.skillId === r.skillId);
        expect(nextAttempt(earlier, r, rules), r.id).toEqual({
          attemptNumber: r.attemptNumber,
          dayNumber: r.dayNumber,
        });
        expect(performedBeforeStart(book, r), r.id).toBe(false);
      });
    }
  });

  it("lets the evaluator sign the candidate's next JPR and the official certify the verified book", async () => {
    const book = bookOf(candidate().id)!;
    const signed = new Set(
      db
        .select()
        .from(t.jprSignOffs)
        .where(eq(t.jprSignOffs.taskBookId, book.id))
        .all()
        .map((r) => r.skillId),
    );
    const next = db
      .select()
      .from(t.skills)
      .where(eq(t.skills.certificationLevel, 'firefighter_1'))
      .all()
      .find((s) => !signed.has(s.id))!;
    const jpr = await call(FIRE_DEMO_EMAILS.evaluator, 'POST', `/api/task-books/${book.id}/jprs`, {
      id: crypto.randomUUID(),
      skillId: next.id,
      performedOn: new Date().toISOString().slice(0, 10),
      method: 'observed',
      passed: true,
      evaluator: { name: 'Rosa Diaz', number: 'FD-2042' },
      signature: { kind: 'typed', name: 'Rosa Diaz' },
      capturedAt: new Date().toISOString(),
    });
    expect(jpr.status).toBe(201);
    expect(await progressOf(candidate().id)).toEqual({ signed: 9, required: 30, state: 'started' });

    const verified = db.select().from(t.taskBooks).where(eq(t.taskBooks.state, 'verified')).get()!;
    const sign = {
      name: 'Tom Avery',
      signature: { kind: 'typed', name: 'Tom Avery' },
      capturedAt: new Date().toISOString(),
    };
    const certified = await call(FIRE_DEMO_EMAILS.official, 'POST', `/api/task-books/${verified.id}/certify`, sign);
    expect(certified.status).toBe(200);
    expect(await progressOf(verified.studentId)).toEqual({ signed: 30, required: 30, state: 'certified' });
  });
});
