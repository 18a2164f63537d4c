/** The police Daily Observation Report written offline on two devices: both converge, and no text is thrown away. */
import { afterEach, describe, expect, it } from 'vitest';

import { asSystem } from '../api/seed/standards.ts';
import { testApp } from '../api/test/helpers.ts';
import { DOR_MSG } from '../schema/messages.ts';
import * as t from '../schema/tables.ts';
import type { TrainingDb } from './client/db.ts';
import { clockedDevice } from './test-harness.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A police program with its FTO (the preceptor) and supervisor (the instructor), and the student's trainee record. */
function policeWorld() {
  const h = testApp();
  const program = h.program({ name: 'Police FTO', type: 'police' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]);
  const trainee = asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Riley',
      lastName: 'Cole',
      email: 'riley@example.org',
      phone: '1',
      studentCode: 'P-1',
      programId: program.id,
      enrollmentDate: '2026-09-01',
      expectedGraduation: '2027-01-15',
    }),
  );
  return { h, trainee };
}

const device = (w: ReturnType<typeof policeWorld>, role: 'instructor' | 'preceptor' | 'student', msAgo = 0) =>
  clockedDevice(w.h, role, msAgo, opened);

describe('a DOR edited offline on two devices', () => {
  it.each([
    ['the later edit reaches the server first', true],
    ['the earlier edit reaches the server first', false],
  ])('converges when %s, keeping the earlier text shown with the report', async (_, laterFirst) => {
    const w = policeWorld();
    const fto = await device(w, 'preceptor', 60_000);
    const supervisor = await device(w, 'instructor', 30_000);
    const { args } = await fto.engine.mutate('saveDor', {
      studentId: w.trainee.id,
      date: '2026-11-20',
      stamp: await fto.engine.stamp(),
      changes: { assignment: 'Patrol, district 4' },
    });
    await fto.engine.sync();
    await supervisor.engine.sync();
    // both offline: each writes the narrative, the FTO a minute ago, the supervisor half a minute ago
    const id = args.id!;
    for (const [d, text] of [
      [fto, 'Slow to call in the plate'],
      [supervisor, 'Good officer safety on the stop'],
    ] as const) {
      await d.engine.mutate('saveDor', {
        id,
        studentId: w.trainee.id,
        date: '2026-11-20',
        stamp: await d.engine.stamp(),
        changes: { narrative: text },
      });
    }
    const order = laterFirst ? [supervisor, fto] : [fto, supervisor];
    for (const d of order) await d.engine.sync();
    for (const d of order) await d.engine.sync();

    const rows = await Promise.all([fto, supervisor].map((d) => d.db.rows('dors').get(id)));
    for (const row of rows) {
      expect(row?.narrative).toBe('Good officer safety on the stop');
      expect(row?.assignment).toBe('Patrol, district 4');
      expect(row?.superseded).toMatchObject([
        {
          field: 'narrative',
          value: 'Slow to call in the plate',
          by: w.h.users.preceptor.id,
          overBy: w.h.users.instructor.id,
        },
      ]);
    }
    expect(rows[0]).toEqual(rows[1]);
  });

  it('refuses a rating of 2 without a comment on the device, before anything is queued', async () => {
    const w = policeWorld();
    const fto = await device(w, 'preceptor');
    await expect(
      fto.engine.mutate('saveDor', {
        studentId: w.trainee.id,
        date: '2026-11-20',
        stamp: await fto.engine.stamp(),
        changes: { ratings: { 'dor19-report-organization-details': { rating: 2 } } },
      }),
    ).rejects.toThrow(DOR_MSG.commentRequired(2));
    expect(await fto.db.outbox.count()).toBe(0);
    expect(await fto.db.rows('dors').count()).toBe(0);
  });

  it("refuses on the device, before queueing, a step out of order, another's typed name, and a signed field", async () => {
    const w = policeWorld();
    const fto = await device(w, 'preceptor');
    const { args } = await fto.engine.mutate('saveDor', {
      studentId: w.trainee.id,
      date: '2026-11-20',
      stamp: await fto.engine.stamp(),
      changes: { noEvaluationReason: 'Trainee in court all shift' },
    });
    const id = args.id!;
    const sign = (phase: 'complete' | 'acknowledge', name: string) =>
      fto.engine.mutate('signDor', {
        id,
        phase,
        affirmed: true,
        signature: { kind: 'typed', name },
        signedAt: new Date().toISOString(),
      });
    await expect(sign('acknowledge', 'Test preceptor')).rejects.toThrow(DOR_MSG.mustComplete);
    await expect(sign('complete', 'Test student')).rejects.toThrow(DOR_MSG.typedNotSigner);
    await sign('complete', 'Test preceptor');
    await expect(
      fto.engine.mutate('saveDor', {
        id,
        studentId: w.trainee.id,
        date: '2026-11-20',
        stamp: await fto.engine.stamp(),
        changes: { narrative: 'Changed after signing' },
      }),
    ).rejects.toThrow(DOR_MSG.signedFrozen);
    const trainee = await device(w, 'student');
    await expect(
      trainee.engine.mutate('saveDor', {
        studentId: w.trainee.id,
        date: '2026-11-21',
        stamp: await trainee.engine.stamp(),
        changes: { narrative: 'I did great' },
      }),
    ).rejects.toThrow(DOR_MSG.traineeWritesActivityLog);
    expect((await fto.db.outbox.toArray()).map((m) => m.name)).toEqual(['saveDor', 'signDor']);
    expect(await trainee.db.outbox.count()).toBe(0);
  });
});
