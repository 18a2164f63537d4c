/**
 * Shift scheduling's REST routes (issue 30). Staff post, edit and cancel shifts here (online); a student's booking,
 * drop, swap offer and clock-ins travel through the sync push, and these routes run the same commands for API clients.
 */
import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import {
  approveShiftHours,
  bookShift,
  cancelShift,
  createShift,
  dropShiftBooking,
  editShift,
  recordCredential,
  setClockWindow,
  setSiteLocation,
} from '#api/domain/shifts/shifts.commands.ts';
import { boardFor } from '#api/domain/shifts/shifts.queries.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { invalid } from '#api/http/errors.ts';
import { argsBody } from '#api/http/typed-body.ts';
import { log } from '#api/log.ts';
import { fieldErrors } from '#schema/common.ts';
import { boardQuerySchema } from '#schema/shift-board.ts';

/** The JSON body with the path's ids, which win over anything the body says. */
const withPath = (body: unknown, path: Record<string, string>) => ({
  ...(body && typeof body === 'object' ? body : {}),
  ...path,
});

export function shiftRoutes({ db, mailer }: Deps) {
  // chained, so the routes' types reach hono/client (ShiftRoutes)
  return new Hono<Env>()
    .get('/shifts', (c) => {
      const parsed = boardQuerySchema.safeParse(c.req.query());
      if (!parsed.success) throw invalid(fieldErrors(parsed.error));
      const from = parsed.data.from ?? new Date().toISOString().slice(0, 10);
      return c.json({ data: boardFor(db, c.var.actor, { ...parsed.data, from }) });
    })

    .post('/shifts', argsBody(createShift), async (c) =>
      c.json(runCommand(db, createShift, c.var.actor, await readJson(c)), 201),
    )

    .patch('/shifts/:id', argsBody(editShift, 'id'), async (c) =>
      c.json(runCommand(db, editShift, c.var.actor, withPath(await readJson(c), { id: c.req.param('id') }))),
    )

    .post('/shifts/:id/cancel', argsBody(cancelShift, 'id'), async (c) => {
      const { shift, mail } = runCommand(
        db,
        cancelShift,
        c.var.actor,
        withPath(await readJson(c), { id: c.req.param('id') }),
      );
      // after the transaction: a mail server that fails never undoes the cancel, and the app's messages are stored
      if (mailer) for (const m of mail) mailer.send(m).catch((e: unknown) => log.error('shift cancel mail failed', e));
      return c.json(shift);
    })

    .post('/shifts/:id/bookings', argsBody(bookShift, 'shiftId'), async (c) =>
      c.json(runCommand(db, bookShift, c.var.actor, withPath(await readJson(c), { shiftId: c.req.param('id') })), 201),
    )

    .delete('/shift-bookings/:id', (c) =>
      c.json(runCommand(db, dropShiftBooking, c.var.actor, { id: c.req.param('id') }) ?? { ok: true }),
    )

    .post('/shift-bookings/:id/approve-hours', (c) =>
      c.json(runCommand(db, approveShiftHours, c.var.actor, { id: c.req.param('id') })),
    )

    .put('/programs/:id/clock-window', argsBody(setClockWindow, 'programId'), async (c) =>
      c.json(
        runCommand(db, setClockWindow, c.var.actor, withPath(await readJson(c), { programId: c.req.param('id') })),
      ),
    )

    .put('/clinical-sites/:id/location', argsBody(setSiteLocation, 'clinicalSiteId'), async (c) =>
      c.json(
        runCommand(
          db,
          setSiteLocation,
          c.var.actor,
          withPath(await readJson(c), { clinicalSiteId: c.req.param('id') }),
        ),
      ),
    )

    .post('/student-credentials', argsBody(recordCredential), async (c) =>
      c.json(runCommand(db, recordCredential, c.var.actor, await readJson(c)), 201),
    );
}

export type ShiftRoutes = ReturnType<typeof shiftRoutes>;
