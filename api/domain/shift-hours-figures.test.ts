/**
 * Hours from shifts, one definition everywhere: clocked hours become an hours entry, verified hours (the preceptor's
 * approval, or staff who logged them) count and unverified ones do not. One student's hours, worked out by hand:
 * - shift A, clinical at Mercy General, 07:00-19:00, approved by the preceptor: 12 verified clinical hours;
 * - shift B, clinical at Mercy General, 07:00-13:00, clocked out and not approved: 6 awaiting;
 * - shift C, clinical at Mercy General, 07:00-12:00, held by a sign-off staff rejected: 5 refused, awaiting nobody;
 * - 4 field hours an instructor typed in by hand (no site): verified on entry.
 * So verified: 12 clinical + 4 field = 16 of 40 required; awaiting 6; refused 5, counted nowhere and awaiting nobody
 * until the student signs them off again; Mercy General's verified hours are 12. Resubmitted and confirmed by the
 * preceptor, shift C's 5 hours are verified: 21, awaiting 6, refused 0.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { type BookingRow, inDays, shiftWorld } from '#api/domain/shifts/shift-world.test-support.ts';
import { asSystem } from '#api/seed/standards.ts';
import { pdfText } from '#api/test/pdf-text.ts';
import type { Portfolio } from '#schema/portfolio.ts';
import type { ProgressReport } from '#schema/reports-answer.ts';
import { boardCsvRows, boardInputsOf, type BoardRow, shiftBoard } from '#schema/shift-board.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import type { StudentFigures } from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';
import { readStudentSummaries } from '#sync/client/student-figures.ts';
import { openClient, sessionFetch, uniqueDbName } from '#sync/test-harness.ts';
import { siteRows } from '#web/features/clinical-management/clinical-exports.ts';
import { clinicalTiles } from '#web/features/clinical-management/clinical-rules.ts';
import { academicRecord } from '#web/features/student-management/student-rules.ts';
import type { TrainingDb } from '#web/lib/sync-client.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function world() {
  const w = shiftWorld();
  const ana = w.student('P-1');
  const studentId = ana.record.id;
  const today = inDays(0);
  const at = (hour: number) => `${today}T${String(hour).padStart(2, '0')}:00`;
  /**
   * A shift today from `start` o'clock that the student books, clocks into at its start and out of after `hours`
   * (today: clock-ins are dated near their shift and never in the future); answers its booking and hours entry.
   */
  async function clocked(start: number, hours: number) {
    const [shift] = await w.post({
      date: today,
      startTime: at(start).slice(11),
      durationMinutes: hours * 60,
      preceptorIds: [w.h.users.preceptor.id],
    });
    const res = await w.asStudent(ana.email!, 'POST', `/api/shifts/${shift.id}/bookings`, { id: crypto.randomUUID() });
    const booking = (await res.json()) as BookingRow;
    expect(await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: at(start), atSite: true })).toMatchObject({
      status: 'applied',
    });
    const hoursEntryId = crypto.randomUUID();
    const out = await w.push(ana.email!, 'clockOutOfShift', { id: booking.id, hoursEntryId, at: at(start + hours) });
    expect(out).toMatchObject({ status: 'applied' });
    return { bookingId: booking.id, hoursEntryId };
  }
  const a = await clocked(0, 12);
  expect((await w.h.as('preceptor', 'POST', `/api/shift-bookings/${a.bookingId}/approve-hours`)).status).toBe(200);
  await clocked(12, 6);
  const c = await clocked(18, 5);
  // the student's phone signed shift C's hours off, and staff rejected the sign-off: "I was not on that shift"
  const refused = asSystem(w.h.db, 'fixture', (ctx) =>
    ctx.insert(t.signOffs, {
      studentId,
      records: [{ kind: 'hours', id: c.hoursEntryId }],
      contentHash: 'c',
      hash: 'h',
      deviceId: 'phone',
      capturedAt: `${inDays(0)}T23:30:00.000Z`,
      preceptor: {
        name: 'Sam Rivera',
        credential: 'Paramedic',
        number: 'NRP 1',
        agency: 'County',
        contact: 'sam@x.org',
      },
      evaluation: {},
      teamLeadScores: {},
      signature: { kind: 'typed', name: 'Sam Rivera' },
      recordedBy: w.h.users.student.id,
      status: 'awaiting',
    }),
  );
  const rejected = await w.h.as('director', 'POST', `/api/sign-offs/${refused.id}/review`, {
    action: 'reject',
    note: 'I was not on that shift',
  });
  expect(rejected.status).toBe(200);
  const typed = await w.h.as('instructor', 'POST', '/api/clinical-hours', {
    id: crypto.randomUUID(),
    studentId,
    date: inDays(-1),
    hoursCompleted: 4,
    hourType: 'field',
  });
  expect(typed.status).toBe(201);
  return { w, studentId, shiftC: c.hoursEntryId };
}

describe('hours from shifts, counted by hand', () => {
  it('the server, the device, the screens’ rules and every export give the same verified hours', async () => {
    const { w, studentId } = await world();
    const { h, site } = w;

    // the server's student figures, the progress report and the portfolio (screen, CSV, PDF)
    const student = (await (await h.as('director', 'GET', `/api/students/${studentId}`)).json()) as Record<
      string,
      number
    >;
    expect(student).toMatchObject({
      clinicalHours: 12,
      fieldHours: 4,
      totalHours: 16,
      awaitingHours: 6,
      refusedHours: 5,
    });
    const progress = (await (await h.as('director', 'GET', '/api/reports/progress')).json()) as ProgressReport[];
    expect(progress.find((r) => r.id === studentId)).toMatchObject({ clinicalHours: 16, requiredHours: 40 });
    const portfolio = (await (
      await h.as('director', 'GET', `/api/students/${studentId}/portfolio`)
    ).json()) as Portfolio;
    expect(portfolio.hours).toEqual({
      byType: [
        { label: 'Clinical', verified: 12, awaiting: 6 },
        { label: 'Field', verified: 4, awaiting: 0 },
      ],
      bySite: [
        { label: 'Mercy General', verified: 12, awaiting: 6 },
        { label: 'Field (no site)', verified: 4, awaiting: 0 },
      ],
      verified: 16,
      awaiting: 6,
      rejected: 5,
    });
    const pdf = await pdfText(await h.as('director', 'GET', `/api/students/${studentId}/portfolio.pdf`));
    expect(pdf).toContain('Hours: 16 verified, 6 awaiting');
    expect(pdf).toContain('5 hours held by rejected sign-offs are not counted.');

    // the shift board, as the server answers it and its CSV: clocked out, verified only where approved
    const board = (await (await h.as('director', 'GET', `/api/shifts?from=${inDays(0)}&days=7`)).json()) as {
      data: BoardRow[];
    };
    const hoursOnBoard = (rows: readonly BoardRow[]) =>
      boardCsvRows(rows)
        .filter((r) => r.Student)
        .map((r) => [r.Date, r.Hours]);
    // by start time: A (00:00) approved, B (12:00) and C (18:00) not
    const onBoard = [
      [inDays(0), 'verified'],
      [inDays(0), 'awaiting verification'],
      [inDays(0), 'not verified: refused'],
    ];
    expect(hoursOnBoard(board.data)).toEqual(onBoard);

    // the director's device: the students' figures every list and home reads, the academic record, the clinical tiles
    // and the sites export
    const session = sessionFetch(h, 'director');
    await session.relogin();
    const device = openClient(h, 'director', uniqueDbName('shift-hours'), session.fetch);
    opened.push(device.db);
    await device.engine.sync();
    await device.engine.openStudent(studentId);
    const summary = (await readStudentSummaries(device.db)).find((s) => s.student.id === studentId)!.summary;
    expect(summary).toMatchObject({
      clinicalHours: 12,
      fieldHours: 4,
      totalHours: 16,
      awaitingHours: 6,
      refusedHours: 5,
      requiredHours: 40,
    });
    const hours = await device.db.rows('clinicalHours').where('studentId').equals(studentId).toArray();
    const sites = await device.db.rows('clinicalSites').toArray();
    const record = academicRecord(studentId, hours, new Map(sites.map((s) => [s.id, s.name])));
    expect({ verified: record.verified, awaiting: record.awaiting, refused: record.refused }).toEqual({
      verified: 16,
      awaiting: 6,
      refused: 5,
    });
    expect(record.byType).toEqual([
      { label: 'Clinical', verified: 12, awaiting: 6 },
      { label: 'Field', verified: 4, awaiting: 0 },
    ]);
    expect(record.bySite).toEqual([
      { label: 'Mercy General', verified: 12, awaiting: 6 },
      { label: 'Field (no site)', verified: 4, awaiting: 0 },
    ]);
    expect(clinicalTiles(sites, hours, { shifts: [], bookings: [] }, inDays(0)).clinicalHours).toBe(12);
    const lookups = { students: [], studentName: () => undefined, siteName: () => '' };
    const mercy = siteRows(sites, [], hours, lookups as never, new Date()).find((r) => r.Site === site.name);
    expect(mercy?.['Verified Hours']).toBe(12);
    const deviceBoard = shiftBoard(
      boardInputsOf({
        shifts: await device.db.rows('shifts').toArray(),
        bookings: await device.db.rows('shiftBookings').toArray(),
        students: await device.db.rows('students').toArray(),
        credentials: await device.db.rows('studentCredentials').toArray(),
        sites,
        people: await device.db.rows('users').toArray(),
        hours,
      }),
      { from: inDays(0), days: 7 },
    );
    expect(hoursOnBoard(deviceBoard)).toEqual(onBoard);
  });

  it('home, server and portfolio split verified, awaiting and refused alike, and a resubmitted sign-off moves them', async () => {
    const { w, studentId, shiftC } = await world();
    const { h } = w;
    const session = sessionFetch(h, 'student');
    await session.relogin();
    const phone = openClient(h, 'student', uniqueDbName('refused-hours'), session.fetch);
    opened.push(phone.db);
    /** The student's hours as the server's figures, the portfolio and the student's own home each split them. */
    async function everywhere() {
      const server = (await (await h.as('director', 'GET', `/api/students/${studentId}`)).json()) as StudentFigures;
      const { hours } = (await (
        await h.as('director', 'GET', `/api/students/${studentId}/portfolio`)
      ).json()) as Portfolio;
      await phone.engine.sync();
      const home = (await readStudentSummaries(phone.db)).find((s) => s.student.id === studentId)!.summary;
      const split = (f: StudentFigures) => ({
        verified: f.totalHours,
        awaiting: f.awaitingHours,
        refused: f.refusedHours,
      });
      return {
        server: split(server),
        portfolio: { verified: hours.verified, awaiting: hours.awaiting, refused: hours.rejected },
        home: split(home),
      };
    }
    const alike = (hours: { verified: number; awaiting: number; refused: number }) => ({
      server: hours,
      portfolio: hours,
      home: hours,
    });
    expect(await everywhere()).toEqual(alike({ verified: 16, awaiting: 6, refused: 5 }));

    // the student signs shift C's hours off again, naming the preceptor's account: awaiting their word
    const entry = h.db.select().from(t.clinicalHours).where(eq(t.clinicalHours.id, shiftC)).get()!;
    const args = {
      id: crypto.randomUUID(),
      studentId,
      records: [{ kind: 'hours' as const, id: shiftC }],
      contentHash: sha256(signedContent(studentId, { attempts: [], contacts: [], hours: [entry] })),
      previousHash: null,
      deviceId: 'phone-0002',
      capturedAt: `${inDays(0)}T23:45:00.000Z`,
      preceptor: {
        name: 'Pat Preceptor',
        credential: 'Paramedic' as const,
        number: 'NRP 2',
        agency: 'County',
        contact: h.users.preceptor.email,
      },
      attested: true as const,
      evaluation: {},
      teamLeadScores: {},
      signature: { kind: 'typed' as const, name: 'Pat Preceptor' },
    };
    const again = await h.as('student', 'POST', '/api/sign-offs', {
      ...args,
      hash: sha256(signOffContent(args)),
    });
    expect(again.status).toBe(201);
    expect(await everywhere()).toEqual(alike({ verified: 16, awaiting: 11, refused: 0 }));

    // the preceptor confirms in the app: shift C's hours are verified everywhere
    expect((await h.as('preceptor', 'POST', `/api/sign-offs/${args.id}/confirm`)).status).toBe(200);
    expect(await everywhere()).toEqual(alike({ verified: 21, awaiting: 6, refused: 0 }));
  });
});
