import { z } from 'zod';

import { clientId, happenedOn, optionalRefId, optionalText, refId } from './common.ts';
import { HOUR_TYPES } from './enums.ts';
import { MSG } from './messages.ts';

const timeOfDay = z
  .union([
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeInvalid),
    z.literal(''),
  ])
  .nullish()
  .transform((v) => v || null);

/** Hours from a start and an end time of day; an end before the start is the next day (a night shift). */
function hoursBetween(start: string, end: string): number {
  const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const span = (minutes(end) - minutes(start) + 24 * 60) % (24 * 60);
  return Math.round((span / 60) * 100) / 100;
}

/** At most this many hours for one student on one date, whoever logs them. */
const MAX_HOURS_A_DAY = 24;
/** Whether `adding` hours on a date the student already has `logged` on would pass a day (to the minute). */
export const overDayLimit = (logged: number, adding: number) =>
  Math.round((logged + adding) * 60) > MAX_HOURS_A_DAY * 60;

export const clinicalHoursSchema = z
  .object({
    id: clientId(),
    studentId: refId(MSG.studentRequired),
    clinicalSiteId: optionalRefId(),
    date: happenedOn(),
    /** Typed hours (a shift less its breaks); without them, the hours between the start and end times. */
    hoursCompleted: z
      .number({ error: MSG.hoursPositive })
      .gt(0, MSG.hoursPositive)
      .max(24, MSG.hoursPositive)
      .nullish(),
    startTime: timeOfDay,
    endTime: timeOfDay,
    hourType: z.enum(HOUR_TYPES).default('clinical'),
    unit: optionalText(100),
    preceptorName: optionalText(200),
    notes: optionalText(2000),
  })
  .transform((h, ctx) => {
    const hoursCompleted = h.hoursCompleted ?? (h.startTime && h.endTime ? hoursBetween(h.startTime, h.endTime) : 0);
    if (!hoursCompleted) {
      ctx.addIssue({ code: 'custom', path: ['hoursCompleted'], message: MSG.hoursPositive });
      return z.NEVER;
    }
    return { ...h, hoursCompleted };
  });
