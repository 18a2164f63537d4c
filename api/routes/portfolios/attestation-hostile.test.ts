/**
 * Attacks on a portfolio's attestation from second accounts: one person signing both steps under two addresses of one
 * mailbox, and a student attesting their own portfolio from a staff account under one of their addresses. Each
 * refusal leaves the signatures as they were.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { studentIn } from '#api/test/program-world.ts';
import type { Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let programId: string;
let studentId: string;
const EXCEPTION = { exception: 'Short of the rule: the board reviewed the record and accepts it.' };

beforeEach(() => {
  h = testApp();
  programId = h.program({ name: 'fire academy', type: 'fire', certificationLevel: 'firefighter_1' }, [
    { userId: h.users.administration.id, assignedRole: 'administration' },
  ]).id;
  studentId = studentIn(h, programId);
});

/** Another account, assigned to the program in its role; answers its attest and portfolio calls. */
function account(email: string, role: Role) {
  const user = h.account(email, role, { programId });
  return {
    user,
    attest: () => h.as(email, 'POST', `/api/students/${studentId}/attestations`, EXCEPTION),
    attestation: async () =>
      (
        (await (await h.as(email, 'GET', `/api/students/${studentId}/portfolio`)).json()) as {
          attestation: { canSign: boolean };
        }
      ).attestation,
  };
}
const signedRows = () => h.db.select().from(t.attestations).all();

describe('attesting from a second account', () => {
  it('one person does not sign both steps under two addresses of one mailbox', async () => {
    expect((await h.as('director', 'POST', `/api/students/${studentId}/attestations`, EXCEPTION)).status).toBe(201);
    const twin = account('director+agency@test.local', 'administration');
    expect(await twin.attestation()).toMatchObject({ canSign: false });
    const before = signedRows();
    const res = await twin.attest();
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: MSG.attestationSamePerson });
    expect(signedRows()).toEqual(before);
  });

  it('a student does not attest their own portfolio from a staff account under one of their addresses', async () => {
    const twin = account('cam+chief@example.org', 'director');
    asSystem(h.db, 'fixture', (ctx) =>
      ctx.update(t.programs, ctx.find(t.programs, programId)!, { directorId: twin.user.id }),
    );
    expect(await twin.attestation()).toMatchObject({ canSign: false });
    const res = await twin.attest();
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: MSG.attestationOwn });
    expect(signedRows()).toEqual([]);
  });
});
