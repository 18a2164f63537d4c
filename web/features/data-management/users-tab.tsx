import { useState } from 'react';

import type { UserRoutes } from '#api/routes/users/index.ts';
import { type Role, ROLE_LABELS, ROLES } from '#schema/enums.ts';
import type { UserCreate } from '#schema/user.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { fullName, plural } from '#web/lib/format.ts';
import { Badge, EmptyState } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { filterUsers } from './record-lists.ts';
import { UserFormDialog } from './user-form-dialog.tsx';

const usersApi = apiClient<UserRoutes>().users;

type User = DomainRows['users'];

const ROLE_OPTIONS = [['all', 'All Roles'] as const, ...ROLES.map((r) => [r, ROLE_LABELS[r]] as const)];

export function UsersTab({ users }: { users: readonly User[] }) {
  const { online } = useWriter();
  const [query, setQuery] = useState('');
  const [role, setRole] = useState('all');
  const [adding, setAdding] = useState(false);
  const shown = filterUsers(users, query, role);

  const create = (values: UserCreate) =>
    online(() => usersApi.$post({ json: values }), {
      success: 'User Created',
      successDescription: 'New user has been added successfully',
      failure: 'Failed to create user',
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Users</h3>
          <p className="text-sm text-slate-600">{plural(users.length, 'account')}</p>
        </div>
        <button type="button" className={buttonClass()} onClick={() => setAdding(true)}>
          Add New User
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search users"
          type="search"
          placeholder="Name or email"
          className="sm:col-span-2"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <SelectField label="Role" value={role} options={ROLE_OPTIONS} onChange={(e) => setRole(e.target.value)} />
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No users found" text="Try adjusting your search or filters" />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {shown.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{fullName(u)}</p>
                <p className="truncate text-sm text-slate-600">{[u.email, u.department].filter(Boolean).join(' · ')}</p>
              </div>
              <Badge tone={u.isActive ? 'blue' : 'slate'}>
                {ROLE_LABELS[u.role as Role] ?? u.role}
                {u.isActive ? '' : ' (inactive)'}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <UserFormDialog open={adding} onClose={() => setAdding(false)} onSave={create} />
    </div>
  );
}
