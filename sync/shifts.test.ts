/**
 * Two students' phones book the last slot of a shift while offline: both see it booked (pending) on their phone; when
 * they sync, the first to reach the server is confirmed and the other's booking comes back refused "slot taken", in
 * its needs-attention list, and leaves its phone.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { inDays, shiftWorld } from '../api/domain/shifts/shift-world.test-support.ts';
import { SAME_ORIGIN, TEST_PASSWORD } from '../api/test/helpers.ts';
import { SHIFT_MSG } from '../schema/messages.ts';
import { boardInputsOf, shiftBoard } from '../schema/shift-board.ts';
import { TrainingDb } from './client/db.ts';
import { SyncEngine } from './client/engine.ts';
import { entityKey } from './client/entity-keys.ts';
import { uid, uniqueDbName } from './test-harness.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

type World = ReturnType<typeof shiftWorld>;

/** A student's phone: its own database and engine, signed in with the student's own account. */
async function phone(w: World, email: string, userId: string) {
  const login = await w.h.app.request('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  let online = true;
  const fetch = (path: string, init: RequestInit) =>
    online
      ? Promise.resolve(
          w.h.app.request(path, { ...init, headers: { ...SAME_ORIGIN, ...(init.headers as object), cookie } }),
        )
      : Promise.reject(new TypeError('Failed to fetch'));
  const db = new TrainingDb(uniqueDbName('shift-phone'));
  opened.push(db);
  const engine = new SyncEngine({ db, userId, fetch, random: () => 0.5, autoRetry: false });
  return { db, engine, goOffline: () => (online = false), goOnline: () => (online = true) };
}

const userOf = (w: World, email: string) =>
  w.h.db.$client.prepare('select id from users where email = ?').get(email) as { id: string };

describe('booking the last slot offline on two phones', () => {
  it('both see it pending; one is confirmed, the other is told "slot taken" and its booking leaves the phone', async () => {
    const w = shiftWorld();
    const ana = w.student('P-1');
    const ben = w.student('P-2');
    const [shift] = await w.post({ slots: 1 });
    const phones = [
      await phone(w, ana.email!, userOf(w, ana.email!).id),
      await phone(w, ben.email!, userOf(w, ben.email!).id),
    ];
    for (const p of phones) {
      await p.engine.sync();
      expect(await p.db.rows('shifts').get(shift.id)).toMatchObject({ slots: 1, bookedCount: 0 });
      p.goOffline();
    }
    await phones[0].engine.mutate('bookShift', { id: uid(1), shiftId: shift.id });
    await phones[1].engine.mutate('bookShift', { id: uid(2), shiftId: shift.id });
    for (const [i, p] of phones.entries()) {
      expect(await p.db.rows('shiftBookings').get(uid(i + 1))).toBeDefined();
      const pending = await p.db.outbox
        .where('entityKeys')
        .equals(entityKey('shiftBookings', uid(i + 1)))
        .count();
      expect(pending).toBe(1);
    }

    for (const p of phones) {
      p.goOnline();
      await p.engine.sync();
    }

    expect(w.liveBookings(shift.id)).toEqual([expect.objectContaining({ id: uid(1) })]);
    expect(await phones[0].db.rejected.count()).toBe(0);
    expect(await phones[0].db.rows('shiftBookings').get(uid(1))).toMatchObject({ studentId: ana.record.id });
    const [refused] = await phones[1].db.rejected.toArray();
    expect(refused).toMatchObject({ name: 'bookShift', message: SHIFT_MSG.slotTaken });
    expect(await phones[1].db.rows('shiftBookings').get(uid(2))).toBeUndefined();
    expect(await phones[1].db.rows('shifts').get(shift.id)).toMatchObject({ bookedCount: 1 });
  });

  it('a booking queued offline for a shift that has room is confirmed on sync', async () => {
    const w = shiftWorld();
    const ana = w.student('P-1');
    const [shift] = await w.post({ date: inDays(3), slots: 2 });
    const p = await phone(w, ana.email!, userOf(w, ana.email!).id);
    await p.engine.sync();
    p.goOffline();
    await p.engine.mutate('bookShift', { id: uid(7), shiftId: shift.id });
    p.goOnline();
    await p.engine.sync();
    expect(await p.db.outbox.count()).toBe(0);
    expect(w.liveBookings(shift.id)).toHaveLength(1);
  });
});

describe("the coordinator's board", () => {
  it('drawn from the rows a staff device pulls, shows the same shifts and bookings as GET /api/shifts', async () => {
    const w = shiftWorld();
    const ana = w.student('P-1');
    const ben = w.student('P-2');
    const [first, second] = await w.post({ repeatWeeks: 2, slots: 2, requiredCredentials: ['immunization'] });
    await w.post({ type: 'lab', clinicalSiteId: null, date: inDays(8) });
    for (const s of [ana, ben])
      await w.h.as('instructor', 'POST', '/api/student-credentials', {
        studentId: s.record.id,
        kind: 'immunization',
        expiresOn: s === ana ? inDays(10) : inDays(100),
      });
    for (const [who, shift] of [
      [ana, first],
      [ben, first],
      [ben, second],
    ] as const)
      expect((await w.asStudent(who.email!, 'POST', `/api/shifts/${shift.id}/bookings`, {})).status).toBe(201);
    const instructor = userOf(w, 'instructor@test.local');
    const device = await phone(w, 'instructor@test.local', instructor.id);
    await device.engine.sync();

    const filter = { from: inDays(5), days: 7 as const };
    const rows = {
      shifts: await device.db.rows('shifts').toArray(),
      bookings: await device.db.rows('shiftBookings').toArray(),
      students: await device.db.rows('students').toArray(),
      credentials: await device.db.rows('studentCredentials').toArray(),
      sites: await device.db.rows('clinicalSites').toArray(),
      people: await device.db.rows('users').toArray(),
      hours: await device.db.rows('clinicalHours').toArray(),
    };
    const onDevice = shiftBoard(boardInputsOf(rows), filter);
    const res = await w.h.as('instructor', 'GET', `/api/shifts?from=${filter.from}&days=7`);
    const { data } = (await res.json()) as { data: unknown };
    expect(onDevice).toEqual(data);
    expect(onDevice.map((r) => [r.date, r.booked.map((b) => b.name), r.emptySlots])).toEqual([
      [inDays(7), ['P-1 Student', 'P-2 Student'], 0],
      [inDays(8), [], 2],
    ]);
    // second week's shift is outside these seven days; Ana's immunization lapses before it
    const nextWeek = shiftBoard(boardInputsOf(rows), { from: inDays(14), days: 1 });
    expect(nextWeek[0].booked).toEqual([expect.objectContaining({ name: 'P-2 Student', gaps: [] })]);
  });
});

describe("a shift's clocked hours on the student's phone", () => {
  it('wait outside the figures until verified, then count once the phone syncs', async () => {
    const w = shiftWorld();
    const ana = w.student('P-1');
    const day = inDays(0);
    const [shift] = await w.post({ date: day, preceptorIds: [w.h.users.preceptor.id] });
    const p = await phone(w, ana.email!, userOf(w, ana.email!).id);
    await p.engine.sync();
    p.goOffline();
    await p.engine.mutate('bookShift', { id: uid(3), shiftId: shift.id });
    await p.engine.mutate('clockIntoShift', { id: uid(3), at: `${day}T07:00`, atSite: null });
    await p.engine.mutate('clockOutOfShift', { id: uid(3), hoursEntryId: uid(4), at: `${day}T19:00` });
    const figures = async () => (await p.db.studentFigures.get(ana.record.id))!.summary;
    expect(await figures()).toMatchObject({ totalHours: 0, awaitingHours: 12 });
    p.goOnline();
    await p.engine.sync();
    expect(await figures()).toMatchObject({ totalHours: 0, awaitingHours: 12 });

    expect((await w.h.as('preceptor', 'POST', `/api/shift-bookings/${uid(3)}/approve-hours`)).status).toBe(200);
    await p.engine.sync();
    expect(await figures()).toMatchObject({ totalHours: 12, awaitingHours: 0 });
  });
});
