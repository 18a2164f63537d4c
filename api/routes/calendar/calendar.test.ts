import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import type { IssuedCalendarFeed } from '#schema/calendar.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { fromToday, recordProgress, school } from '../reports/test-fixtures.ts';

let h: TestApp;
let s: Awaited<ReturnType<typeof school>>;

const HOSTILE = 'CPR\r\nBEGIN:VEVENT, part 2; "quoted" \\ end';

beforeEach(async () => {
  h = testApp({ standards: true });
  s = await school(h);
  await recordProgress(h, 'preceptor', {
    studentId: s.ana.id,
    skillId: s.skillId('Perform CPR – Adult'),
    status: 'in_progress',
    progressPercentage: 50,
    nextAssessmentDate: fromToday(5),
  });
  // a hostile skill name, as a catalogue editor could type it
  const opa = s.skillId('Insert OPA');
  asSystem(h.db, 'fixture', (ctx) => {
    const skill = ctx.tx.select().from(t.skills).where(eq(t.skills.id, opa)).get()!;
    ctx.update(t.skills, skill, { name: HOSTILE });
  });
  await recordProgress(h, 'preceptor', {
    studentId: s.ana.id,
    skillId: opa,
    status: 'in_progress',
    progressPercentage: 50,
    nextAssessmentDate: fromToday(9),
  });
});

async function issue(role: Role) {
  const res = await h.as(role, 'POST', '/api/calendar-feed');
  expect(res.status).toBe(201);
  const { url } = (await res.json()) as IssuedCalendarFeed;
  return new URL(url).pathname;
}

const fetchFeed = (path: string) => h.app.request(path);

async function events(path: string) {
  const res = await fetchFeed(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()));
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('calendar feed', () => {
  it("holds the student's booked shifts as timed events, not others' shifts nor cancelled ones", async () => {
    asSystem(h.db, 'fixture', (ctx) => {
      const shift = (unit: string, cancelledAt: string | null = null) =>
        ctx.insert(t.shifts, {
          programId: s.ems.id,
          type: 'clinical',
          unit,
          date: fromToday(3),
          startTime: '07:00',
          durationMinutes: 720,
          slots: 2,
          createdBy: h.users.director.id,
          cancelledAt,
        });
      const booked = shift('ICU');
      const cancelled = shift('ER', new Date().toISOString());
      shift('Ward');
      for (const { id } of [booked, cancelled]) {
        ctx.insert(t.shiftBookings, { shiftId: id, studentId: s.ana.id, bookedBy: h.users.student.id });
      }
    });
    const list = await events(await issue('student'));
    const booked = list.filter((e) => e.summary.includes('shift'));
    expect(booked.map((e) => e.summary)).toEqual(['Clinical shift: ICU']);
    expect(booked[0].startDate.toJSDate().toISOString()).toBe(`${fromToday(3)}T07:00:00.000Z`);
    expect(booked[0].endDate.toJSDate().toISOString()).toBe(`${fromToday(3)}T19:00:00.000Z`);
  });

  it("holds the user's scheduled assessments as all-day events that a calendar parser reads back", async () => {
    const path = await issue('student');
    expect(path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const list = await events(path);
    const cpr = list.find((e) => e.summary === 'Perform CPR – Adult assessment')!;
    expect(cpr.startDate.isDate).toBe(true);
    expect(cpr.startDate.toString()).toBe(fromToday(5));
    expect(cpr.endDate.toString()).toBe(fromToday(6));
    expect(cpr.description).toBe('Ana Lopez');
    expect(cpr.component.getFirstPropertyValue('dtstamp')).toMatchObject({ zone: ICAL.Timezone.utcTimezone });
  });

  it('keeps hostile text as text: line breaks, commas and semicolons start no new property or event', async () => {
    const path = await issue('student');
    const list = await events(path);
    expect(list.map((e) => e.summary).sort()).toEqual([
      'Ana Lopez expected to graduate',
      `${HOSTILE} assessment`,
      'Perform CPR – Adult assessment',
    ]);
    const text = await (await fetchFeed(path)).text();
    expect(text.match(/^BEGIN:VEVENT/gm)).toHaveLength(3);
    // phones read how often to fetch again from here; a repeated parameter makes some ignore it
    expect(text).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
  });

  it('gives every event the same UID on every fetch', async () => {
    const path = await issue('student');
    const uids = async () => (await events(path)).map((e) => e.uid).sort();
    const first = await uids();
    expect(new Set(first).size).toBe(first.length);
    await recordProgress(h, 'preceptor', {
      studentId: s.ana.id,
      skillId: s.skillId('Perform CPR – Adult'),
      status: 'in_progress',
      progressPercentage: 60,
      nextAssessmentDate: fromToday(7),
    });
    expect(await uids()).toEqual(first);
  });

  it("shows each user only what they may read: the instructor their programs' students, not another program's", async () => {
    await recordProgress(h, 'director', {
      studentId: s.ben.id,
      skillId: s.skillId('Use SCBA during emergency operations', 'firefighter_1'),
      status: 'in_progress',
      progressPercentage: 30,
      nextAssessmentDate: fromToday(6),
    });
    const instructor = (await events(await issue('instructor'))).map((e) => e.summary);
    expect(instructor).toContain('Perform CPR – Adult assessment');
    expect(instructor.join()).not.toContain('SCBA');
    const student = (await events(await issue('student'))).map((e) => e.summary);
    expect(student.join()).not.toContain('SCBA');
    expect(student.join()).not.toContain('Ben Ruiz');
  });

  it('answers 404 at once after revoking or regenerating, with the same bytes as a token that never existed', async () => {
    const unknown = await fetchFeed(`/api/calendar/${'A'.repeat(43)}.ics`);
    const unknownBody = await unknown.text();
    expect(unknown.status).toBe(404);

    const first = await issue('student');
    const second = await issue('student');
    const replaced = await fetchFeed(first);
    expect([replaced.status, await replaced.text()]).toEqual([404, unknownBody]);
    expect((await fetchFeed(second)).status).toBe(200);

    expect((await h.as('student', 'DELETE', '/api/calendar-feed')).status).toBe(200);
    const revoked = await fetchFeed(second);
    expect([revoked.status, await revoked.text()]).toEqual([404, unknownBody]);
    expect(await (await h.as('student', 'GET', '/api/calendar-feed')).json()).toEqual({
      active: false,
      createdAt: null,
    });
    for (const wrong of ['x.ics', `${second.slice(14, -4)}`, `${'%00'.repeat(20)}.ics`]) {
      const res = await fetchFeed(`/api/calendar/${wrong}`);
      expect(res.status).toBe(404);
    }
  });

  it("stops answering for a deactivated account and keeps only the token's hash", async () => {
    const path = await issue('student');
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    const stored = h.db.select().from(t.calendarTokens).all();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    asSystem(h.db, 'fixture', (ctx) => ctx.update(t.users, h.users.student, { isActive: false }));
    expect((await fetchFeed(path)).status).toBe(404);
  });

  it('keeps issuing and revoking in the audit log, never the token', async () => {
    const path = await issue('student');
    await h.as('student', 'DELETE', '/api/calendar-feed');
    const entries = h.db.select().from(t.auditLog).where(eq(t.auditLog.tableName, 'calendar_tokens')).all();
    expect(entries.map((e) => [e.command, e.action, e.actorId, e.recordId])).toEqual([
      ['issueCalendarFeed', 'create', h.users.student.id, h.users.student.id],
      ['revokeCalendarFeed', 'delete', h.users.student.id, h.users.student.id],
    ]);
    expect(JSON.stringify(entries)).not.toContain(path.slice(14, -4));
  });

  it('needs a signed-in user to issue, read or revoke a feed', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      expect((await h.as(null, method, '/api/calendar-feed')).status).toBe(401);
    }
  });
});
