/**
 * No overbooking, ever: students queue random bookings, drops, swap offers and acceptances (giving one of their own
 * bookings in exchange or not) offline and push them in random order and batches, while the coordinator moves
 * shifts' slots up and down. After every step, each shift's live bookings in the server's rows are at most its slots,
 * its `bookedCount` equals them, its `swapOffers` the offered ones, and no answer is a server error.
 * fast-check prints the seed and the shrunk case on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { inDays, type ShiftRow, shiftWorld } from './shift-world.test-support.ts';

const STUDENTS = 4;
const SHIFTS = 2;

type Op =
  | { kind: 'book'; student: number; shift: number }
  | { kind: 'drop'; student: number; nth: number }
  | { kind: 'offer'; student: number; nth: number }
  | { kind: 'accept'; student: number; shift: number; give: number | null }
  | { kind: 'push'; student: number }
  | { kind: 'slots'; shift: number; slots: number };

const student = fc.integer({ min: 0, max: STUDENTS - 1 });
const shift = fc.integer({ min: 0, max: SHIFTS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('book' as const), student, shift }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), student, nth: fc.nat(5) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('offer' as const), student, nth: fc.nat(5) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('accept' as const), student, shift, give: fc.option(fc.nat(5)) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('push' as const), student }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('slots' as const), shift, slots: fc.integer({ min: 1, max: 3 }) }),
  },
);

async function run(ops: Op[]) {
  const w = shiftWorld();
  const students = Array.from({ length: STUDENTS }, (_, i) => w.student(`P-${i + 1}`));
  const shifts: ShiftRow[] = [];
  for (let i = 0; i < SHIFTS; i++) shifts.push((await w.post({ date: inDays(30 + i), slots: 1 + i }))[0]);
  const queues = students.map(() => [] as { id: number; name: string; args: unknown }[]);
  const made = students.map(() => [] as string[]);
  const nextId = students.map(() => 1);

  const check = () => {
    for (const s of shifts) {
      const row = w.h.db.$client
        .prepare('select slots, booked_count, swap_offers from shifts where id = ?')
        .get(s.id) as { slots: number; booked_count: number; swap_offers: number };
      const live = w.liveBookings(s.id) as { swap_offered: number }[];
      expect(live.length).toBeLessThanOrEqual(row.slots);
      expect(row.booked_count).toBe(live.length);
      expect(row.swap_offers).toBe(live.filter((b) => b.swap_offered).length);
    }
  };

  for (const op of ops) {
    if (op.kind === 'book') {
      const id = crypto.randomUUID();
      made[op.student].push(id);
      queues[op.student].push({
        id: nextId[op.student]++,
        name: 'bookShift',
        args: { id, shiftId: shifts[op.shift].id },
      });
    } else if (op.kind === 'drop') {
      const id = made[op.student][op.nth % Math.max(1, made[op.student].length)];
      if (id) queues[op.student].push({ id: nextId[op.student]++, name: 'dropShiftBooking', args: { id } });
    } else if (op.kind === 'offer') {
      const id = made[op.student][op.nth % Math.max(1, made[op.student].length)];
      if (id)
        queues[op.student].push({ id: nextId[op.student]++, name: 'offerShiftSwap', args: { id, offered: true } });
    } else if (op.kind === 'accept') {
      const id = crypto.randomUUID();
      const give = op.give === null ? null : (made[op.student][op.give % Math.max(1, made[op.student].length)] ?? null);
      made[op.student].push(id);
      queues[op.student].push({
        id: nextId[op.student]++,
        name: 'acceptShiftSwap',
        args: { id, shiftId: shifts[op.shift].id, giveBookingId: give },
      });
    } else if (op.kind === 'push') {
      const mutations = queues[op.student].splice(0).map((m) => ({ ...m, createdAt: new Date().toISOString() }));
      const res = await w.asStudent(students[op.student].email!, 'POST', '/api/sync/push', {
        pushVersion: 1,
        clientGroupId: `g${op.student}`,
        clientId: `phone-${op.student}`,
        mutations,
      });
      expect(res.status).toBe(200);
    } else {
      const res = await w.h.as('clinical_coordinator', 'PATCH', `/api/shifts/${shifts[op.shift].id}`, {
        changes: { slots: op.slots },
      });
      expect(res.status).toBeLessThan(500);
    }
    check();
  }
}

describe('shift capacity', () => {
  it('random offline bookings, drops, swaps and slot edits never leave a shift with more bookings than slots', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 30 }), (ops) => run(ops)),
      { numRuns: Number(process.env.SHIFT_RUNS ?? 25) },
    );
  }, 120_000);
});
