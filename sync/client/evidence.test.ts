import { afterEach, describe, expect, it } from 'vitest';

import { formatHlc, hlcTime } from '#schema/hlc.ts';

import { uniqueDbName } from '../test-harness.ts';
import { TrainingDb } from './db.ts';
import { SyncEngine } from './engine.ts';
import { LocalWriter } from './local-writer.ts';
import { type MutationArgs, type MutationName, MUTATORS } from './mutators.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

async function device(role: 'instructor' | 'student', userId = `${role}-1`) {
  const db = new TrainingDb(uniqueDbName(role));
  opened.push(db);
  await db.domain('users').put({ id: userId, role, firstName: 'A', lastName: 'B' });
  await db.domain('skills').put({ id: 'skill-1', minimumAttempts: 5 });
  await db.domain('students').put({ id: 'student-1', programId: null });
  const run = async <N extends MutationName>(name: N, args: MutationArgs<N>, user = userId) => {
    const m = MUTATORS[name];
    const parsed = m.args.parse(args);
    // an async scope, as the engine's: Dexie keeps the transaction across the mutator's nested awaits only then
    await db.transaction('rw', db.tables, async () => {
      await m.apply!(new LocalWriter(db), parsed as never, { userId: user, now: '2026-03-02T10:00:00.000Z' });
    });
  };
  const summary = () =>
    db.domain('studentSkills').where('[studentId+skillId]').equals(['student-1', 'skill-1']).first();
  return { db, run, summary };
}

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const attempt = (n: number, outcome: 'successful' | 'unsuccessful' = 'successful') => ({
  id: uid(n),
  studentId: 'student-1',
  skillId: 'skill-1',
  attemptedAt: `2026-03-0${n}T09:00:00.000Z`,
  setting: 'lab' as const,
  outcome,
});

describe('evidence log on the device', () => {
  it('three attempts logged and one voided leave two, with the voided date gone', async () => {
    const { run, summary } = await device('instructor');
    await run('logSkillAttempt', attempt(1));
    await run('logSkillAttempt', attempt(2, 'unsuccessful'));
    await run('logSkillAttempt', attempt(3));
    await run('voidSkillAttempt', { id: uid(91), attemptId: uid(3), reason: 'Wrong student' });
    expect(await summary()).toMatchObject({
      attempts: 2,
      successfulAttempts: 1,
      lastAttemptDate: '2026-03-02',
      attemptsBySetting: { lab: { attempts: 2, successful: 1 } },
      status: 'in_progress',
      progressPercentage: 20,
    });
  });

  it('a second void of the same attempt changes nothing', async () => {
    const { run, summary } = await device('instructor');
    await run('logSkillAttempt', attempt(1));
    await run('voidSkillAttempt', { id: uid(91), attemptId: uid(1), reason: 'Duplicate' });
    await run('voidSkillAttempt', { id: uid(92), attemptId: uid(1), reason: 'Duplicate' });
    expect(await summary()).toMatchObject({ attempts: 0, successfulAttempts: 0, lastAttemptDate: null });
  });

  it("a student's own attempt waits as pending and does not count", async () => {
    const { db, run, summary } = await device('student');
    await run('logSkillAttempt', attempt(1));
    expect(await summary()).toMatchObject({ attempts: 0, pendingAttempts: 1, status: 'in_progress' });
    expect(await db.domain('skillAttempts').get(uid(1))).toMatchObject({ verifiedBy: null, recordedBy: 'student-1' });
  });

  it('an assessment edit with an older stamp does not overwrite a later one', async () => {
    const { run, summary } = await device('instructor');
    const base = { studentId: 'student-1', skillId: 'skill-1' };
    await run(
      'editSkillAssessment',
      { ...base, stamp: formatHlc(2000, 0, 'dev-b'), changes: { notes: 'later' } },
      'u-b',
    );
    await run('editSkillAssessment', {
      ...base,
      stamp: formatHlc(1000, 0, 'dev-a'),
      changes: { notes: 'earlier', statusOverride: 'completed' },
    });
    expect(await summary()).toMatchObject({
      notes: 'later',
      statusOverride: 'completed',
      status: 'completed',
      fieldStamps: {
        notes: { stamp: formatHlc(2000, 0, 'dev-b'), by: 'u-b' },
        statusOverride: { stamp: formatHlc(1000, 0, 'dev-a'), by: 'instructor-1' },
      },
    });
  });
});

describe('an assessment edit that lost', () => {
  it('leaves a notice saying whose later change stands', async () => {
    const { db } = await device('instructor');
    const saved = Date.parse('2026-03-02T10:00:00.000Z');
    const later = formatHlc(saved + 2000, 0, 'other-device');
    // the server answers the pull with the other user's later status and this device's edit acknowledged
    const pulled = {
      cookie: 1,
      lastMutationId: 1,
      rejected: [],
      patch: [
        {
          op: 'put',
          table: 'studentSkills',
          row: {
            id: 'ss-1',
            studentId: 'student-1',
            skillId: 'skill-1',
            updatedAt: '2026-03-02T10:00:02.000Z',
            statusOverride: 'completed',
            notes: 'mine',
            fieldStamps: {
              statusOverride: { stamp: later, by: 'instructor-2' },
              notes: { stamp: formatHlc(saved, 0, 'this'), by: 'instructor-1' },
            },
          },
        },
      ],
    };
    const engine = new SyncEngine({
      db,
      userId: 'instructor-1',
      autoRetry: false,
      now: () => new Date(saved),
      fetch: async () => new Response(JSON.stringify(pulled), { status: 200 }),
    });
    await engine.mutate('editSkillAssessment', {
      studentId: 'student-1',
      skillId: 'skill-1',
      stamp: await engine.stamp(),
      changes: { statusOverride: 'in_progress', notes: 'mine' },
    });
    await engine.pull();
    expect(await db.notices.toArray()).toMatchObject([
      { studentId: 'student-1', skillId: 'skill-1', field: 'statusOverride', by: 'instructor-2', at: hlcTime(later) },
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves the notice too when the push settled the edit before the pull brought the later change', async () => {
    const { db } = await device('instructor');
    const saved = Date.parse('2026-03-02T10:00:00.000Z');
    const later = formatHlc(saved + 2000, 0, 'other-device');
    const row = {
      id: 'ss-1',
      studentId: 'student-1',
      skillId: 'skill-1',
      updatedAt: '2026-03-02T10:00:02.000Z',
      statusOverride: 'completed',
      fieldStamps: { statusOverride: { stamp: later, by: 'instructor-2' } },
    };
    const answers: Record<string, unknown> = {
      '/api/sync/push': { results: [{ id: 1, status: 'applied' }] },
      '/api/sync/pull': {
        cookie: 1,
        lastMutationId: 1,
        rejected: [],
        patch: [{ op: 'put', table: 'studentSkills', row }],
      },
    };
    const engine = new SyncEngine({
      db,
      userId: 'instructor-1',
      autoRetry: false,
      now: () => new Date(saved),
      fetch: async (path) => new Response(JSON.stringify(answers[String(path)]), { status: 200 }),
    });
    await engine.mutate('editSkillAssessment', {
      studentId: 'student-1',
      skillId: 'skill-1',
      stamp: await engine.stamp(),
      changes: { statusOverride: 'in_progress' },
    });
    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.notices.toArray()).toMatchObject([
      { field: 'statusOverride', by: 'instructor-2', at: hlcTime(later) },
    ]);
    // judged once: a later pull does not repeat it
    await engine.pull();
    expect(await db.notices.count()).toBe(1);
  });

  it('the device clock orders its next edit after a stamp it pulled', async () => {
    const { db } = await device('instructor');
    const ahead = formatHlc(Date.parse('2026-03-02T10:05:00.000Z'), 3, 'fast-clock');
    const pulled = {
      cookie: 1,
      lastMutationId: 0,
      rejected: [],
      patch: [
        {
          op: 'put',
          table: 'studentSkills',
          row: {
            id: 'ss-1',
            studentId: 'student-1',
            skillId: 'skill-1',
            updatedAt: '2026-03-02T10:05:00.000Z',
            fieldStamps: { notes: { stamp: ahead, by: 'x' } },
          },
        },
      ],
    };
    const engine = new SyncEngine({
      db,
      userId: 'instructor-1',
      autoRetry: false,
      now: () => new Date('2026-03-02T10:00:00.000Z'),
      fetch: async () => new Response(JSON.stringify(pulled), { status: 200 }),
    });
    await engine.pull();
    expect((await engine.stamp()) > ahead).toBe(true);
  });
});
