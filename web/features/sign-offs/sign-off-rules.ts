/**
 * Which of a student's records still need a preceptor's word, and the content the device freezes and hashes for a
 * sign-off (the server rebuilds the same from its copy: schema/sign-off.ts).
 */
import { isAfterToday } from '#schema/dates.ts';
import { ATTEMPT_SETTING_LABELS, type AttemptSetting } from '#schema/enums.ts';
import { HOLDING_STATES, signedContent, type SignOffRecordKind } from '#schema/sign-off.ts';
import type { DomainRows } from '#sync/client/db.ts';

export type SignOffRows = {
  attempts: readonly DomainRows['skillAttempts'][];
  voids: readonly DomainRows['skillAttemptVoids'][];
  contacts: readonly DomainRows['patientContacts'][];
  hours: readonly DomainRows['clinicalHours'][];
  signOffs: readonly DomainRows['signOffs'][];
  skills: readonly DomainRows['skills'][];
};

/** What the preceptor's 0, 1 or 2 means, for a professional-behaviour item or a team-lead contact. */
export const RATING_WORDS = { 0: 'not yet', 1: 'developing', 2: 'competent' } as const;
/** An item the preceptor left without a rating. */
export const NOT_RATED = 'N/A';

export interface SignableRecord {
  kind: SignOffRecordKind;
  id: string;
  date: string;
  label: string;
}

/** Ids held by a sign-off that is awaiting confirmation or counts: they cannot be signed again. */
function heldIds(signOffs: SignOffRows['signOffs']): Set<string> {
  const ids = new Set<string>();
  for (const s of signOffs) {
    if ((HOLDING_STATES as readonly string[]).includes(s.status)) for (const r of s.records) ids.add(r.id);
  }
  return ids;
}

const settingName = (s: string | null) => (s ? (ATTEMPT_SETTING_LABELS[s as AttemptSetting] ?? s) : '');

/**
 * The student's own records no sign-off holds, newest day first: attempts still unverified and not voided, and the
 * patient contacts and hours they logged themselves.
 */
export function signableRecords(rows: SignOffRows, studentId: string, userId: string): SignableRecord[] {
  const held = heldIds(rows.signOffs);
  const voided = new Set(rows.voids.map((v) => v.attemptId));
  const skillName = new Map(rows.skills.map((s) => [s.id, s.name]));
  const out: SignableRecord[] = [];
  for (const a of rows.attempts) {
    if (a.studentId !== studentId || a.kind !== 'attempt' || a.verifiedBy || voided.has(a.id) || held.has(a.id))
      continue;
    const outcome = a.outcome === 'successful' ? 'successful' : 'unsuccessful';
    const label = `${skillName.get(a.skillId) ?? 'Skill'}: ${outcome}, ${settingName(a.setting).toLowerCase()}`;
    out.push({ kind: 'attempt', id: a.id, date: a.attemptedAt.slice(0, 10), label });
  }
  for (const c of rows.contacts) {
    if (c.studentId !== studentId || c.recordedBy !== userId || held.has(c.id)) continue;
    const age = c.ageYears > 0 ? `${c.ageYears} y` : `${c.ageMonths} mo`;
    const label = `Patient contact: ${age} ${c.gender}, ${c.primaryImpression}${c.teamLead ? ', team lead' : ''}`;
    out.push({ kind: 'contact', id: c.id, date: c.date, label });
  }
  for (const h of rows.hours) {
    if (h.studentId !== studentId || h.recordedBy !== userId || held.has(h.id)) continue;
    const span = h.startTime && h.endTime ? ` (${h.startTime}-${h.endTime})` : '';
    out.push({ kind: 'hours', id: h.id, date: h.date, label: `${h.hoursCompleted} h ${h.hourType}${span}` });
  }
  return out.sort(
    (a, b) => b.date.localeCompare(a.date) || a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label),
  );
}

/** The frozen text of the chosen records, as the server will rebuild it. */
/**
 * What the sheet starts with chosen: the records of the latest day, but never of a day after today (a record logged
 * before such dates were refused), which no preceptor can have seen.
 */
export function preselectedIds(records: readonly SignableRecord[], now: Date): Set<string> {
  const latest = records.find((r) => !isAfterToday(r.date, now))?.date;
  return new Set(records.filter((r) => r.date === latest).map((r) => r.id));
}

export function contentOf(rows: SignOffRows, studentId: string, chosen: readonly { id: string }[]): string {
  const ids = new Set(chosen.map((r) => r.id));
  return signedContent(studentId, {
    attempts: rows.attempts.filter((a) => ids.has(a.id)),
    contacts: rows.contacts.filter((c) => ids.has(c.id)),
    hours: rows.hours.filter((h) => ids.has(h.id)),
  });
}

/** SHA-256 of a text as hex, with Web Crypto (available offline). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
