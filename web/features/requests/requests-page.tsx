/** Requests (/requests): file a program-join, role-change or EMS preceptor request (offline too) and follow your own. */
import { useMemo, useState } from 'react';

import { byPersonName, compareText } from '#schema/names.ts';
import { usePendingKeys, useRows } from '#web/lib/data.ts';
import { useSession } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { Card, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import {
  useFilePreceptorRequest,
  useFileProgramJoinRequest,
  useFileRoleChangeRequest,
} from '#web/lib/writes/requests.ts';

import { EmsPreceptorDialog } from './ems-preceptor-dialog.tsx';
import { JoinProgramDialog } from './join-program-dialog.tsx';
import { MyRequests } from './my-requests.tsx';
import { currentRoleIn, joinablePrograms, ownRequests, roleChangePrograms, roleLabel } from './request-rules.ts';
import { toRequestViews } from './request-views.ts';
import { RoleChangeDialog } from './role-change-dialog.tsx';

type Open = 'join' | 'role' | 'preceptor' | null;

const CARDS = [
  {
    key: 'join',
    title: 'Join Program',
    text: 'Ask to be enrolled in a training program as a student, instructor or preceptor.',
    action: 'Request Enrollment',
  },
  {
    key: 'role',
    title: 'Change Role',
    text: 'Ask for a different role in one of your programs.',
    action: 'Request Role Change',
  },
  {
    key: 'preceptor',
    title: 'Request Preceptor',
    text: 'Ask for an EMS preceptor at a clinical site for field training.',
    action: 'Request Preceptor',
  },
] as const;

export function RequestsPage() {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const me = user?.id ?? '';
  const role = user?.role ?? 'student';
  const requests = useRows('requests');
  const programs = useRows('programs');
  const memberships = useRows('programMembers');
  const students = useRows('students');
  const sites = useRows('clinicalSites');
  const users = useRows('users');
  const pendingKeys = usePendingKeys();
  const fileJoin = useFileProgramJoinRequest();
  const fileRoleChange = useFileRoleChangeRequest();
  const filePreceptor = useFilePreceptorRequest();
  const [open, setOpen] = useState<Open>(null);

  const mine = useMemo(
    () =>
      requests && programs && students && sites && users
        ? toRequestViews(ownRequests(requests, me), { users, programs, students, sites })
        : undefined,
    [requests, programs, students, sites, users, me],
  );

  if (!requests || !programs || !memberships || !students || !sites || !users || !mine)
    return <Loading text="Loading requests..." />;

  const accountRole = users.find((u) => u.id === me)?.role ?? role;
  const myPrograms = memberships
    .filter((m) => m.userId === me)
    .map((m) => ({ membership: m, program: programs.find((p) => p.id === m.programId) }))
    .filter((x) => x.program)
    .sort((a, b) => a.program!.name.localeCompare(b.program!.name));
  const roleChoice = roleChangePrograms(programs, memberships, me);
  const isStudent = role === 'student';
  const preceptors = users.filter((u) => u.role === 'preceptor' && u.isActive).sort(byPersonName);

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Requests"
        description="Ask to join a program, change your role or get an EMS preceptor. Requests wait for approval."
      />
      <ul className="grid gap-4 md:grid-cols-3">
        {CARDS.map((c) => (
          <li key={c.key}>
            <Card className="flex h-full flex-col gap-3">
              <h3 className="text-lg font-semibold text-slate-900">{c.title}</h3>
              <p className="flex-1 text-sm text-slate-700">{c.text}</p>
              <button type="button" className={buttonClass('primary', 'w-full')} onClick={() => setOpen(c.key)}>
                {c.action}
              </button>
            </Card>
          </li>
        ))}
      </ul>

      <section aria-labelledby="my-programs-heading" className="flex flex-col gap-3">
        <h3 id="my-programs-heading" className="text-lg font-semibold text-slate-900">
          My Programs
        </h3>
        {myPrograms.length === 0 ? (
          <p className="text-sm text-slate-600">You are not in a program yet. Use Join Program to ask for a place.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {myPrograms.map(({ membership, program }) => (
              <li key={membership.id} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">{program!.name}</span>
                <span className="text-slate-600"> · {roleLabel(membership.assignedRole)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <MyRequests requests={mine} isUnsynced={(id) => pendingKeys.has(entityKey('requests', id))} />

      {open === 'join' && (
        <JoinProgramDialog
          programs={joinablePrograms(programs, memberships, requests, me)}
          onSubmit={fileJoin}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'role' && (
        <RoleChangeDialog
          programs={roleChoice.programs}
          fromMemberships={roleChoice.fromMemberships}
          currentRoleIn={(programId) => currentRoleIn(programId, memberships, me, accountRole)}
          onSubmit={fileRoleChange}
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'preceptor' && (
        <EmsPreceptorDialog
          students={isStudent ? undefined : students}
          ownStudent={isStudent ? (students.find((s) => s.userId === me) ?? null) : undefined}
          sites={[...sites].sort((a, b) => compareText(a.name, b.name))}
          preceptors={preceptors}
          onSubmit={filePreceptor}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
