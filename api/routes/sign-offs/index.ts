import { and, desc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';

import { runCommand } from '#api/commands/command.ts';
import { LINK_ACTOR } from '#api/domain/evidence/link-actor.ts';
import { signOffLinkBodyLimit } from '#api/http/body-limit.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery } from '#api/http/paging.ts';
import { argsBody } from '#api/http/typed-body.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { SignOffLinkAnswer, SignOffReviewAnswer } from '#schema/api-answers.ts';
import { NEEDS_ATTENTION, needsAttention, SIGN_OFF_STATUSES } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

import { confirmUrl } from './sign-off-mail.ts';
import { signOffSummary } from './sign-off-summary.ts';
import {
  confirmOwnSignOff,
  decideByLink,
  issueSignOffLink,
  linkFor,
  reviewSignOff,
  signOff,
} from './sign-offs.commands.ts';

const listSchema = z.object({
  studentId: z.string().max(64).optional(),
  status: z.enum([...SIGN_OFF_STATUSES, NEEDS_ATTENTION], { error: 'Choose a sign-off status' }).optional(),
});

/** At most this many sign-offs in one answer, newest capture first. */
const LISTED = 500;

/** Sign-offs: captured on the student's device, reviewed by staff. */
export function signOffRoutes({ db, publicUrl = '', signOffMail }: Deps) {
  // chained, so the routes' types reach hono/client (SignOffRoutes)
  return new Hono<Env>()
    .get('/sign-offs', (c) => {
      const query = listQuery(c, listSchema);
      // "needs attention" is one rule in schema/sign-off.ts, the one the queue and the menu use: applied to the rows
      const attention = query.status === NEEDS_ATTENTION;
      const status = attention ? undefined : query.status;
      const rows = db
        .select()
        .from(t.signOffs)
        .where(
          and(
            isNull(t.signOffs.deletedAt),
            visibleWhere.signOffs(db, c.var.actor),
            query.studentId ? eq(t.signOffs.studentId, query.studentId) : undefined,
            status ? eq(t.signOffs.status, status) : undefined,
          ),
        )
        .orderBy(desc(t.signOffs.capturedAt))
        .limit(attention ? -1 : LISTED)
        .all()
        .filter((r) => !attention || needsAttention(r))
        .slice(0, LISTED);
      return c.json(rows.map(({ deletedAt: _d, ...r }) => r));
    })

    .post('/sign-offs', argsBody(signOff), async (c) => {
      const row = runCommand(db, signOff, c.var.actor, await readJson(c));
      signOff.afterCommit?.({ signOffMail });
      return c.json(row, 201);
    })

    .post('/sign-offs/:id/review', argsBody(reviewSignOff, 'id', 'canMail'), async (c) => {
      const body = (await readJson(c)) as Record<string, unknown>;
      const args = { ...body, id: c.req.param('id'), canMail: signOffMail?.canMail ?? false };
      const { signOff: row, token, byHand } = runCommand(db, reviewSignOff, c.var.actor, args);
      if (!token) return c.json({ signOff: row, url: null } satisfies SignOffReviewAnswer);
      const url = confirmUrl(publicUrl, token);
      // a mailed link is never shown to staff, who could otherwise answer it in the preceptor's place
      if (byHand) return c.json({ signOff: row, url } satisfies SignOffReviewAnswer);
      await signOffMail?.sendLink(row, url);
      return c.json({ signOff: row, url: null } satisfies SignOffReviewAnswer);
    })

    .post('/sign-offs/:id/confirm', (c) =>
      c.json(runCommand(db, confirmOwnSignOff, c.var.actor, { id: c.req.param('id') })),
    )

    .post('/sign-offs/:id/link', (c) => {
      const { signOff: row, token } = runCommand(db, issueSignOffLink, c.var.actor, { id: c.req.param('id') });
      return c.json({ signOffId: row.id, url: confirmUrl(publicUrl, token) } satisfies SignOffLinkAnswer);
    });
}

export type SignOffRoutes = ReturnType<typeof signOffRoutes>;

/**
 * The preceptor's confirm-or-dispute link, without an account: it shows the one sign-off it was made for and takes
 * one answer. The token is the only key (256 random bits; only its hash is stored).
 */
export function signOffLinkRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (SignOffLinkRoutes)
  return new Hono<Env>()
    .use('/sign-off-links/*', signOffLinkBodyLimit)

    .get('/sign-off-links/:token', (c) => {
      const { signOff: row } = linkFor({ tx: db, now: new Date().toISOString() }, c.req.param('token'));
      return c.json(signOffSummary(db, row));
    })

    .post('/sign-off-links/:token', argsBody(decideByLink, 'token'), async (c) => {
      const body = (await readJson(c)) as Record<string, unknown>;
      const row = runCommand(db, decideByLink, LINK_ACTOR, { ...body, token: c.req.param('token') });
      return c.json({ status: row.status });
    });
}

export type SignOffLinkRoutes = ReturnType<typeof signOffLinkRoutes>;
