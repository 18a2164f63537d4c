/** Accreditation Management's labels, ordering and the payloads of its two updates, free of React so they are easy to test. */
import { z } from 'zod';

import { ramUpdateSchema, requirementUpdateSchema } from '#schema/accreditation.ts';
import { type AccreditationStatus, RAM_PERCENT_OPTIONS } from '#schema/enums.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { Tone } from '#web/lib/format.ts';

/** The spec's RAM year (section 9). */
export const RAM_YEAR = 2025;

const STATUS_DISPLAY: Record<AccreditationStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'slate' },
  in_progress: { label: 'In Progress', tone: 'blue' },
  completed: { label: 'Completed', tone: 'green' },
  overdue: { label: 'Overdue', tone: 'red' },
  needs_improvement: { label: 'Needs Improvement', tone: 'yellow' },
};
export const statusDisplay = (s: string) =>
  STATUS_DISPLAY[s as AccreditationStatus] ?? { label: s, tone: 'slate' as Tone };

export const REQUIREMENT_TYPE_LABELS: Record<string, string> = {
  self_reporting: 'Self Reporting',
  site_visit: 'Site Visit',
  annual_report: 'Annual Report',
  ram: 'RAM',
};

/** Words for the stored codes (`annual`, `director`, `clinical_coordinator`). */
export const humanize = (code: string) =>
  code
    .split('_')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');

/** Work still to do first (overdue, in progress, pending...), completed last; then by title. */
const STATUS_ORDER: readonly string[] = ['overdue', 'needs_improvement', 'in_progress', 'pending', 'completed'];
export function byWorkOrder<
  T extends { title?: string; componentArea?: string; completionStatus?: string; status?: string },
>(a: T, b: T) {
  const rank = (x: T) => {
    const i = STATUS_ORDER.indexOf(x.completionStatus ?? x.status ?? '');
    return i < 0 ? STATUS_ORDER.length : i;
  };
  return rank(a) - rank(b) || (a.title ?? a.componentArea ?? '').localeCompare(b.title ?? b.componentArea ?? '');
}

/** Start moves a requirement to in progress, Complete to completed (spec section 4). */
export function requirementPatch(action: 'start' | 'complete'): z.input<typeof requirementUpdateSchema> {
  return { completionStatus: action === 'start' ? 'in_progress' : 'completed' };
}

export const isOpen = (status: string) => status !== 'completed';

export type RamRow = DomainRows['ramAssessments'];

/** The compliance choices, 100 down to 50 in steps of 5. */
export const RAM_CHOICES = RAM_PERCENT_OPTIONS.map((n) => [String(n), `${n}%`] as const);

/** Save Assessment is disabled until a percentage above 0 is chosen. */
export const canSaveRam = (percent: number) => percent > 0;

/**
 * PATCH /api/ram/assessments/{id}: completed now, with the chosen percentage; the improvement plan only when it is
 * non-blank after trimming (a blank one would not replace the stored plan anyway).
 */
export function ramPayload(percent: number, plan: string, now: Date): z.input<typeof ramUpdateSchema> {
  const trimmed = plan.trim();
  return {
    status: 'completed',
    assessmentDate: now.toISOString(),
    compliancePercentage: percent,
    ...(trimmed && { improvementPlan: trimmed }),
  };
}
