import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { studentPhoneWithAttempts, uid } from '#sync/test-harness.ts';

import { captureSignOff, type SignOffInput } from './device-chain.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** A student's phone holding three synced attempts, and a preceptor's sign-off of one of them, captured as the sheet does. */
async function studentPhone() {
  const { w, db, engine, student } = await studentPhoneWithAttempts('chain', 3);
  opened.push(db);
  await engine.sync();
  const sign = async (attempt: number, contact: string) => {
    const input: SignOffInput = {
      records: [{ kind: 'attempt', id: uid(attempt) }],
      preceptor: { name: 'Lee Park', credential: 'EMT', number: 'E-1', agency: 'Metro', contact },
      evaluation: {},
      teamLeadScores: {},
      signature: { width: 320, height: 140, strokes: [[1, 1, 40, 40]] },
    };
    const rows = {
      attempts: await db.rows('skillAttempts').toArray(),
      voids: [],
      contacts: [],
      hours: [],
      signOffs: await db.rows('signOffs').toArray(),
      skills: [],
    };
    let id = '';
    await captureSignOff(db, rows, student.id, input, async (args) => {
      id = args.id;
      await engine.mutate('signOff', args);
      return true;
    });
    return id;
  };
  const onServer = (id: string) => w.h.db.select().from(t.signOffs).where(eq(t.signOffs.id, id)).get();
  const review = async (id: string, action: 'reject') => {
    const res = await w.h.as('instructor', 'POST', `/api/sign-offs/${id}/review`, { action, note: 'Signed twice' });
    expect(res.status).toBe(200);
  };
  return { db, engine, sign, onServer, review, studentEmail: student.email };
}

describe("this device's sign-off chain", () => {
  it.each([
    ['left in the needs-attention list', false],
    ['discarded from the needs-attention list', true],
  ])('skips a sign-off the server refused (%s), so the next genuine one is not flagged', async (_, discard) => {
    const { db, engine, sign, onServer, studentEmail } = await studentPhone();
    const first = await sign(1, 'lee@metro.example');
    await engine.sync();
    // the student's own e-mail as the preceptor's: the server refuses it
    const refused = await sign(2, studentEmail);
    await engine.sync();
    const [refusal] = await db.rejected.toArray();
    expect(refusal).toMatchObject({ name: 'signOff', message: ERR.ownSignOff });
    expect(onServer(refused)).toBeUndefined();
    if (discard) await engine.discardRejected(refusal.mutationId);

    const next = await sign(3, 'lee@metro.example');
    await engine.sync();
    expect(onServer(next)).toMatchObject({ previousHash: onServer(first)!.hash, chainBroken: false });
  });

  it('names a refused sign-off once it is sent again and stored', async () => {
    const { db, engine, sign, onServer, review } = await studentPhone();
    const first = await sign(1, 'lee@metro.example');
    await engine.sync();
    // the same attempt again: refused while the first holds it
    const again = await sign(1, 'lee@metro.example');
    await engine.sync();
    const [refusal] = await db.rejected.toArray();
    expect(refusal).toMatchObject({ name: 'signOff', message: ERR.alreadySigned });
    // the coordinator rejects the first; sent again, the second is stored
    await review(first, 'reject');
    await engine.retryRejected(refusal.mutationId);
    await engine.sync();
    expect(onServer(again)).toMatchObject({ previousHash: onServer(first)!.hash });

    const next = await sign(2, 'lee@metro.example');
    await engine.sync();
    expect(onServer(next)).toMatchObject({ previousHash: onServer(again)!.hash, chainBroken: false });
  });
});
