/** Program Management (/program-management): programs from the device's database; changes are desk calls to the API. */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMemo, useState } from 'react';

import type { Role } from '#schema/enums.ts';
import { compareText } from '#schema/names.ts';
import { can } from '#schema/permissions.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { useRows } from '#web/lib/data.ts';
import { fullName } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { buttonClass, scrollingTabsClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { type AssignmentValues, AssignUserDialog } from './assign-user-dialog.tsx';
import {
  dorSettingsApi,
  type DorSettingsBody,
  programsApi,
  type RequirementsBody,
  taskBookRulesApi,
  type TaskBookRulesBody,
} from './program-calls.ts';
import { ProgramCard } from './program-card.tsx';
import { ProgramFormDialog, type ProgramFormValues } from './program-form-dialog.tsx';
import {
  assignableUsers,
  type AssignedUser,
  assignedUsersByProgram,
  directorChoices,
  filterPrograms,
  programTabs,
  TYPE_FILTER_OPTIONS,
  type TypeFilter,
} from './program-rules.ts';
import { RequirementsDialog } from './requirements-dialog.tsx';

type Program = DomainRows['programs'];

export function ProgramManagementPage() {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : 'student';
  return <ProgramManagement role={role} />;
}

/** Create and edit bodies: POST reads the form's `duration`, the update names the stored field. */
export const createBody = ({ id: _id, ...values }: ProgramFormValues) => values;
export const updateBody = ({ id: _id, duration, ...values }: ProgramFormValues) => ({
  ...values,
  durationWeeks: duration,
});

export function ProgramManagement({ role }: { role: Role }) {
  const programs = useRows('programs');
  const users = useRows('users');
  const members = useRows('programMembers');
  const skills = useRows('skills');
  const { online } = useWriter();
  const canManage = can(role, 'programs.manage');

  const [query, setQuery] = useState('');
  const [type, setType] = useState<TypeFilter>('all');
  const [tabKey, setTabKey] = useState<TypeFilter>('all');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Program | null>(null);
  const [assigning, setAssigning] = useState<Program | null>(null);
  const [requirementsOf, setRequirementsOf] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ program: Program; assigned: AssignedUser } | null>(null);

  const sorted = useMemo(() => [...(programs ?? [])].sort((a, b) => compareText(a.name, b.name)), [programs]);
  const assignedBy = useMemo(() => assignedUsersByProgram(members ?? [], users ?? []), [members, users]);
  const directors = useMemo(() => directorChoices(users ?? []), [users]);

  if (!programs || !users || !members) return <Loading text="Loading programs..." />;

  const tabs = programTabs(filterPrograms(sorted, query, type));
  const selected = Math.max(
    0,
    tabs.findIndex((t) => t.key === tabKey),
  );
  const filtered = query.trim() !== '' || type !== 'all';

  const create = (values: ProgramFormValues) =>
    online(() => programsApi.$post({ json: createBody(values) }), {
      success: 'Program created successfully',
      failure: 'Failed to create program',
    });
  const update = (program: Program) => (values: ProgramFormValues) =>
    online(() => programsApi[':id'].$patch({ param: { id: program.id }, json: updateBody(values) }), {
      success: 'Program updated successfully',
      failure: 'Failed to update program',
    });
  const assign = (program: Program) => (values: AssignmentValues) =>
    online(() => programsApi[':id'].users.$post({ param: { id: program.id }, json: values }), {
      success: 'User assigned to program successfully',
      failure: 'Failed to assign user to program',
    });
  const saveRequirements = (program: Program) => (body: RequirementsBody) =>
    online(() => programsApi[':id'].requirements.$put({ param: { id: program.id }, json: body }), {
      success: 'Requirements saved',
      failure: 'Failed to save requirements',
    });
  const saveDorSettings = (program: Program) => (body: DorSettingsBody) =>
    online(() => dorSettingsApi.$put({ param: { id: program.id }, json: body }), {
      success: 'DOR settings saved',
      failure: 'Failed to save DOR settings',
    });
  const saveTaskBookRules = (program: Program) => (body: TaskBookRulesBody) =>
    online(() => taskBookRulesApi.$put({ param: { id: program.id }, json: body }), {
      success: 'Task-book rules saved',
      failure: 'Failed to save task-book rules',
    });
  // the open dialog follows the program's row, so saved requirements show once the device has them
  const requirementsProgram = programs.find((p) => p.id === requirementsOf);
  const remove = async ({ program, assigned }: { program: Program; assigned: AssignedUser }) => {
    await online(
      () => programsApi[':id'].users[':userId'].$delete({ param: { id: program.id, userId: assigned.user.id } }),
      { success: 'User removed from program successfully', failure: 'Failed to remove user from program' },
    );
  };

  return (
    <section>
      <PageHeader
        title="Program Management"
        description="Training programs and the staff assigned to them"
        actions={
          canManage && (
            <button type="button" className={buttonClass()} onClick={() => setCreating(true)}>
              Create Program
            </button>
          )
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <TextField
          label="Search programs"
          type="search"
          placeholder="Name or description"
          className="sm:col-span-2"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <SelectField
          label="Program type"
          value={type}
          onChange={(e) => setType(e.target.value as TypeFilter)}
          options={TYPE_FILTER_OPTIONS}
        />
      </div>
      {sorted.length === 0 ? (
        <EmptyState title="No programs created" text="Create your first training program to get started" />
      ) : (
        <TabGroup selectedIndex={selected} onChange={(i) => setTabKey(tabs[i].key)}>
          <TabList className={scrollingTabsClass}>
            {tabs.map((tab) => (
              <Tab
                key={tab.key}
                className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 data-[selected]:bg-brand-700 data-[selected]:text-white"
              >
                {tab.label} ({tab.programs.length})
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-3">
            {tabs.map((tab) => (
              <TabPanel key={tab.key}>
                {tab.programs.length === 0 ? (
                  <EmptyState
                    title={filtered ? 'No programs found' : 'No programs created'}
                    text={
                      filtered
                        ? 'Try adjusting your search or filters'
                        : 'Create your first training program to get started'
                    }
                  />
                ) : (
                  <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
                    {tab.programs.map((program) => (
                      <li key={program.id}>
                        <ProgramCard
                          program={program}
                          assigned={assignedBy.get(program.id) ?? []}
                          canManage={canManage}
                          onEdit={() => setEditing(program)}
                          onAssign={() => setAssigning(program)}
                          onRequirements={() => setRequirementsOf(program.id)}
                          onRemove={(assigned) => setRemoving({ program, assigned })}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      )}
      {canManage && (
        <ProgramFormDialog directors={directors} open={creating} onClose={() => setCreating(false)} onSave={create} />
      )}
      {editing && (
        <ProgramFormDialog
          key={editing.id}
          program={editing}
          directors={directors}
          open
          onClose={() => setEditing(null)}
          onSave={update(editing)}
        />
      )}
      {assigning && (
        <AssignUserDialog
          key={assigning.id}
          programName={assigning.name}
          candidates={assignableUsers(users, assignedBy.get(assigning.id) ?? [])}
          onClose={() => setAssigning(null)}
          onSave={assign(assigning)}
        />
      )}
      {requirementsProgram && skills && (
        <RequirementsDialog
          program={requirementsProgram}
          skills={skills}
          onSave={saveRequirements(requirementsProgram)}
          onSaveDorSettings={saveDorSettings(requirementsProgram)}
          onSaveTaskBookRules={saveTaskBookRules(requirementsProgram)}
          onClose={() => setRequirementsOf(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove User"
        message={removing ? `Remove ${fullName(removing.assigned.user)} from ${removing.program.name}?` : ''}
        confirmLabel="Remove"
        onConfirm={() => (removing ? remove(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}
