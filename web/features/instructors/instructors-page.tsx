import { useMemo, useState } from 'react';

import type { InstructorRoutes } from '#api/routes/instructors/index.ts';
import type { UserRoutes } from '#api/routes/users/index.ts';
import { holdsSummariesOnly } from '#schema/device-set.ts';
import { DEPARTMENTS, PROGRAM_TYPE_LABELS, PROGRAM_TYPES } from '#schema/enums.ts';
import type { InstructorCreate } from '#schema/instructor.ts';
import { can } from '#schema/permissions.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRows } from '#web/lib/data.ts';
import { fullName, plural } from '#web/lib/format.ts';
import { serverClient, useServerRead } from '#web/lib/server-reads.ts';
import { useSession } from '#web/lib/session.tsx';
import { Card, EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog, Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { changedFields } from '../students/index.ts';
import { InstructorCard } from './instructor-card.tsx';
import {
  EMPTY_INSTRUCTOR,
  type FieldErrorsFromServer,
  InstructorForm,
  instructorFormValues,
} from './instructor-form.tsx';
import {
  filterInstructors,
  hasActiveInstructorFilters,
  INSTRUCTOR_STATUSES,
  type InstructorFilters,
  instructorPermissions,
  type InstructorStatusFilter,
  type InstructorView,
  joinInstructors,
  NO_INSTRUCTOR_FILTERS,
} from './instructor-view.ts';

/**
 * Instructors on this device, joined with their accounts and figures; undefined while the first reads run. A desk
 * device holds the progress records of the students it opened only, so there the students each instructor taught are
 * the server's count (the last one fetched, offline), none before it came: never a count short of the others.
 */
function useInstructors(userId: string, desk: boolean): InstructorView[] | undefined {
  const onDevice = useInstructorsOnDevice();
  // only a desk device uses the server's counts; the server refuses the list to a student
  const server = useServerRead(instructorsEndpoint, userId, { enabled: desk });
  return useMemo(() => {
    if (!onDevice || !desk) return onDevice;
    const taught = new Map(server.status === 'ready' ? server.data.map((i) => [i.id, i.totalStudents]) : []);
    return onDevice.map((i) => ({ ...i, totalStudents: taught.get(i.id) ?? null }));
  }, [onDevice, desk, server]);
}

function useInstructorsOnDevice(): InstructorView[] | undefined {
  const instructors = useRows('instructors');
  const users = useRows('users');
  const programs = useRows('programs');
  const programMembers = useRows('programMembers');
  const students = useRows('students');
  const studentSkills = useRows('studentSkills');
  const clinicalHours = useRows('clinicalHours');
  return useMemo(() => {
    if (!instructors || !users || !programs || !programMembers || !students || !studentSkills || !clinicalHours)
      return undefined;
    return joinInstructors({ instructors, users, programs, programMembers, students, studentSkills, clinicalHours });
  }, [instructors, users, programs, programMembers, students, studentSkills, clinicalHours]);
}

/**
 * Adding, editing and deleting instructors are desk operations done by the server itself (an account and a profile
 * change together), so they need a connection; the writer syncs afterwards and the list follows.
 */
export function InstructorsPage({
  q,
  addRequested,
  onAddHandled,
}: {
  q?: string;
  addRequested: boolean;
  onAddHandled: () => void;
}) {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const role = user?.role ?? 'student';
  const instructors = useInstructors(user?.id ?? '', holdsSummariesOnly(role));
  const { online } = useWriter();

  const [filters, setFilters] = useState<InstructorFilters>({ ...NO_INSTRUCTOR_FILTERS, search: q ?? '' });
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    setFilters((f) => ({ ...f, search: q ?? '' }));
  }
  const canCreate = can(role, 'instructors.create');
  const [adding, setAdding] = useState(addRequested && canCreate);
  const [seenAdd, setSeenAdd] = useState(addRequested);
  if (addRequested !== seenAdd) {
    setSeenAdd(addRequested);
    if (addRequested && canCreate) setAdding(true);
  }
  const [editing, setEditing] = useState<InstructorView | null>(null);
  const [deleting, setDeleting] = useState<InstructorView | null>(null);

  const shown = useMemo(() => (instructors ? filterInstructors(instructors, filters) : []), [instructors, filters]);

  const closeAdd = () => {
    setAdding(false);
    if (addRequested) onAddHandled();
  };
  const create = async (values: InstructorCreate): Promise<FieldErrorsFromServer | undefined> => {
    const result = await online(() => instructorsApi.$post({ json: values }), {
      success: 'Instructor added successfully',
      failure: 'Failed to add instructor',
    });
    if (!result.ok) return result.fields;
    closeAdd();
  };
  const update = async (values: InstructorCreate): Promise<FieldErrorsFromServer | undefined> => {
    if (!editing) return;
    const changes = changedFields(editing, values);
    if (Object.keys(changes).length > 0) {
      const result = await online(() => instructorsApi[':id'].$patch({ param: { id: editing.id }, json: changes }), {
        success: 'Instructor updated successfully',
        failure: 'Failed to update instructor',
      });
      if (!result.ok) return result.fields;
    }
    setEditing(null);
  };
  const remove = async (target: InstructorView) => {
    await online(() => usersApi[':id'].$delete({ param: { id: target.id } }), {
      success: 'Instructor deleted successfully',
      failure: 'Failed to delete instructor',
    });
  };

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Instructor Management"
        description="Instructors and preceptors, their programs, certifications and students"
        actions={
          canCreate && (
            <button type="button" className={buttonClass('primary')} onClick={() => setAdding(true)}>
              Add Instructor
            </button>
          )
        }
      />
      <FilterBar filters={filters} onChange={setFilters} />
      {!instructors ? (
        <Loading text="Loading instructors..." />
      ) : shown.length === 0 ? (
        hasActiveInstructorFilters(filters) ? (
          <EmptyState title="No instructors found" text="Try a different search or filter." />
        ) : (
          <EmptyState title="No instructors yet" text="Instructors and preceptors you may see appear here." />
        )
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {shown.length} of {plural(instructors.length, 'instructor')}
          </p>
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((i) => {
              const allowed = instructorPermissions(role, user?.id ?? '', i);
              return (
                <li key={i.id}>
                  <InstructorCard
                    instructor={i}
                    actions={{
                      onEdit: allowed.canEdit ? () => setEditing(i) : undefined,
                      onDelete: allowed.canDelete ? () => setDeleting(i) : undefined,
                    }}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}

      <Modal title="Add Instructor" open={adding} onClose={closeAdd} wide>
        <InstructorForm
          defaultValues={EMPTY_INSTRUCTOR}
          submitLabel="Add Instructor"
          canManage={canCreate}
          onSubmit={create}
          onCancel={closeAdd}
        />
      </Modal>
      <Modal title="Edit Instructor" open={editing !== null} onClose={() => setEditing(null)} wide>
        {editing && (
          <InstructorForm
            defaultValues={instructorFormValues(editing)}
            submitLabel="Save Changes"
            canManage={canCreate}
            onSubmit={update}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Instructor"
        message={
          deleting
            ? `Are you sure you want to delete ${fullName(deleting)}? Their account, instructor profile and program assignments are removed.`
            : ''
        }
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

const instructorsEndpoint = serverClient<InstructorRoutes>().instructors;
const instructorsApi = apiClient<InstructorRoutes>().instructors;
const usersApi = apiClient<UserRoutes>().users;

const DEPARTMENT_OPTIONS = [['all', 'All Departments'], ...DEPARTMENTS.map((d) => [d, d] as const)] as const;
const PROGRAM_OPTIONS = [
  ['all', 'All Programs'],
  ...PROGRAM_TYPES.map((p) => [p, PROGRAM_TYPE_LABELS[p]] as const),
] as const;

function FilterBar({ filters, onChange }: { filters: InstructorFilters; onChange: (f: InstructorFilters) => void }) {
  return (
    <Card className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <TextField
        label="Search"
        type="search"
        className="col-span-2 lg:col-span-1"
        placeholder="Name, employee ID, email or title"
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
      />
      <SelectField
        label="Department"
        value={filters.department}
        onChange={(e) => onChange({ ...filters, department: e.target.value })}
        options={DEPARTMENT_OPTIONS}
      />
      <SelectField
        label="Program"
        value={filters.programType}
        onChange={(e) => onChange({ ...filters, programType: e.target.value })}
        options={PROGRAM_OPTIONS}
      />
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value as InstructorStatusFilter })}
        options={INSTRUCTOR_STATUSES}
      />
    </Card>
  );
}
