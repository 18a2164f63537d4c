import type { UserRoutes } from '#api/routes/users/index.ts';
import type { Role } from '#schema/enums.ts';
import { apiClient } from '#web/lib/api.ts';
/** Profile (/profile): name and e-mail go to the server (online); another role is asked for with a role-change request. */
import { useRows } from '#web/lib/data.ts';
import { type CurrentUser, rememberUser, useSession } from '#web/lib/session.tsx';
import { Loading } from '#web/lib/ui/display.tsx';
import { useWriter } from '#web/lib/write.ts';
import { useFileRoleChangeRequest } from '#web/lib/writes/requests.ts';

import { roleChangePrograms } from '../requests/index.ts';
import { ProfileForm, type ProfileOutcome } from './profile-form.tsx';
import type { ProfilePlan } from './profile-rules.ts';

const userApi = apiClient<UserRoutes>().users[':id'];

const UPDATE_OUTCOME = {
  success: 'Profile Updated',
  successDescription: 'Your profile has been successfully updated.',
  failure: 'Update Failed',
  failureDescription: 'Failed to update profile. Please try again.',
};

export function ProfilePage() {
  const session = useSession();
  if (session.status === 'loading') return <Loading text="Loading profile..." />;
  if (session.status === 'signed-out') return <p className="p-6 text-slate-700">Please log in to view your profile.</p>;
  return <SignedInProfile user={session.user} />;
}

function SignedInProfile({ user }: { user: CurrentUser }) {
  const users = useRows('users');
  const programs = useRows('programs');
  const memberships = useRows('programMembers');
  const requests = useRows('requests');
  const { online } = useWriter();
  const fileRoleChange = useFileRoleChangeRequest();
  if (!users || !programs || !memberships || !requests) return <Loading text="Loading profile..." />;

  // the device's copy follows a change made elsewhere; the session's is from sign-in
  const own = users.find((u) => u.id === user.id);
  const current = {
    firstName: own?.firstName ?? user.firstName,
    lastName: own?.lastName ?? user.lastName,
    email: own?.email ?? user.email,
    // the device's row keeps the role as text; the server writes only a Role into it
    role: (own?.role ?? user.role) as Role,
  };
  const choice = roleChangePrograms(programs, memberships, user.id);
  const requestedRoles = new Set(
    requests
      .filter((r) => r.userId === user.id && r.kind === 'role-change' && r.status === 'pending')
      .map((r) => r.requestedRole ?? ''),
  );

  const carryOut = async (plan: ProfilePlan): Promise<ProfileOutcome> => {
    let ok = true;
    let fields: Record<string, string> = {};
    const update = plan.update;
    if (update) {
      const result = await online(() => userApi.$put({ param: { id: user.id }, json: update }), UPDATE_OUTCOME);
      if (result.ok) rememberUser(result.data);
      else ({ ok, fields } = result);
    }
    if (plan.roleRequest) ok = (await fileRoleChange(plan.roleRequest)) && ok;
    return { ok, fields };
  };

  return (
    <ProfileForm
      current={current}
      programs={choice.programs}
      fromMemberships={choice.fromMemberships}
      requestedRoles={requestedRoles}
      onSubmit={carryOut}
    />
  );
}
