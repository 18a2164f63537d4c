/** What the Program Management screen shows, worked out from the device's rows (kept free of React to test plainly). */
import { PROGRAM_TYPE_LABELS, PROGRAM_TYPES, type ProgramType } from '#schema/enums.ts';
import { byPersonName } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';

type Program = DomainRows['programs'];
type User = DomainRows['users'];
type Member = DomainRows['programMembers'];

export type TypeFilter = 'all' | ProgramType;

export const TYPE_FILTER_OPTIONS: readonly (readonly [TypeFilter, string])[] = [
  ['all', 'All Types'],
  ...PROGRAM_TYPES.map((t) => [t, PROGRAM_TYPE_LABELS[t]] as const),
];

export const programTypeLabel = (type: string) => PROGRAM_TYPE_LABELS[type as ProgramType] ?? type;

/** Case-insensitive match of the search on name or description, then the type filter. */
export function filterPrograms<P extends Pick<Program, 'name' | 'description' | 'type'>>(
  programs: readonly P[],
  query: string,
  type: TypeFilter,
): P[] {
  const q = query.trim().toLowerCase();
  return programs.filter(
    (p) =>
      (type === 'all' || p.type === type) &&
      (!q || p.name.toLowerCase().includes(q) || (p.description ?? '').toLowerCase().includes(q)),
  );
}

export interface ProgramTab<P> {
  key: TypeFilter;
  /** The spec writes the type tabs in capitals: EMS, FIRE, POLICE. */
  label: string;
  programs: P[];
}

/** All Programs, then one tab per program type that has a program in the list, in the types' fixed order. */
export function programTabs<P extends Pick<Program, 'type'>>(programs: readonly P[]): ProgramTab<P>[] {
  const byType = PROGRAM_TYPES.map((t) => ({
    key: t as TypeFilter,
    label: t.toUpperCase(),
    programs: programs.filter((p) => p.type === t),
  })).filter((tab) => tab.programs.length > 0);
  return [{ key: 'all', label: 'All Programs', programs: [...programs] }, ...byType];
}

export interface AssignedUser {
  membership: Member;
  user: User;
}

/** Each program's assigned users by last then first name; an assignment whose user is gone is left out. */
export function assignedUsersByProgram(
  members: readonly Member[],
  users: readonly User[],
): Map<string, AssignedUser[]> {
  const userById = new Map(users.map((u) => [u.id, u]));
  const out = new Map<string, AssignedUser[]>();
  for (const membership of members) {
    const user = userById.get(membership.userId);
    if (!user) continue;
    const list = out.get(membership.programId) ?? [];
    list.push({ membership, user });
    out.set(membership.programId, list);
  }
  for (const list of out.values()) list.sort((a, b) => byPersonName(a.user, b.user));
  return out;
}

/** Users the Assign dialog offers for a program: everyone not already assigned to it. */
export function assignableUsers(users: readonly User[], assigned: readonly AssignedUser[]): User[] {
  const taken = new Set(assigned.map((a) => a.user.id));
  return users.filter((u) => !taken.has(u.id)).sort(byPersonName);
}

const DIRECTOR_ROLES = new Set(['director', 'administration']);
/** The Director choices: users whose role is director or administration. */
export const directorChoices = (users: readonly User[]) =>
  users.filter((u) => DIRECTOR_ROLES.has(u.role)).sort(byPersonName);
