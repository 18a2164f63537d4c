import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMemo, useState } from 'react';

import { byStudentName, compareText } from '#schema/names.ts';
import { can } from '#schema/permissions.ts';
import { type StudentCreate, studentCreateSchema, type StudentUpdate, studentUpdateSchema } from '#schema/student.ts';
import { type StudentWithSummary, usePendingKeys, useRows, useStudentSummaries } from '#web/lib/data.ts';
import { fullName } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { entityKey } from '#web/lib/sync-client.ts';
import { Card, EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog, Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass, scrollingTabsClass } from '#web/lib/ui/styles.ts';
import { WindowedGrid } from '#web/lib/ui/windowed-grid.tsx';
import { useCreateStudent, useDeleteStudent, useUpdateStudent } from '#web/lib/writes/students.ts';

import { changedFields } from './changed-fields.ts';
import { StudentCard } from './student-card.tsx';
import { StudentDetailsDialog } from './student-details.tsx';
import {
  filterStudents,
  hasActiveFilters,
  NO_STUDENT_FILTERS,
  programsForForm,
  STUDENT_STATUSES,
  type StudentFilters,
  type StudentStatusFilter,
  type StudentTab,
  studentTabs,
} from './student-filters.ts';
import { EMPTY_STUDENT, studentAccounts, StudentForm, studentFormValues, studentResolver } from './student-form.tsx';

/** `q` prefills the search (the header search sends it); `addRequested` opens Add Student (the dashboard links here). */
export function StudentsPage({
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
  const items = useStudentSummaries();
  const programs = useRows('programs');
  const members = useRows('programMembers');
  const users = useRows('users');
  const pending = usePendingKeys();
  const createStudent = useCreateStudent();
  const updateStudent = useUpdateStudent();
  const deleteStudent = useDeleteStudent();

  const [filters, setFilters] = useState<StudentFilters>({ ...NO_STUDENT_FILTERS, search: q ?? '' });
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    setFilters((f) => ({ ...f, search: q ?? '' }));
  }
  const canCreate = can(role, 'students.create');
  const [adding, setAdding] = useState(addRequested && canCreate);
  const [seenAdd, setSeenAdd] = useState(addRequested);
  if (addRequested !== seenAdd) {
    setSeenAdd(addRequested);
    if (addRequested && canCreate) setAdding(true);
  }
  const [viewing, setViewing] = useState<StudentWithSummary | null>(null);
  const [editing, setEditing] = useState<StudentWithSummary | null>(null);
  const [deleting, setDeleting] = useState<StudentWithSummary | null>(null);

  const sortedPrograms = useMemo(() => [...(programs ?? [])].sort((a, b) => compareText(a.name, b.name)), [programs]);
  const formPrograms = useMemo(
    () => programsForForm(sortedPrograms, members ?? [], user?.id ?? '', can(role, 'students.readAll')),
    [sortedPrograms, members, user?.id, role],
  );
  const accounts = useMemo(() => studentAccounts(users ?? []), [users]);
  const tabs = useMemo(
    () => (items ? studentTabs(filterStudents(items, filters).sort(byStudentName), sortedPrograms) : []),
    [items, filters, sortedPrograms],
  );

  const closeAdd = () => {
    setAdding(false);
    if (addRequested) onAddHandled();
  };
  const create = async (values: StudentCreate) => {
    if (await createStudent(values)) closeAdd();
  };
  const update = async (values: StudentUpdate) => {
    if (!editing) return;
    const changes = changedFields(editing.student, values);
    const saved = Object.keys(changes).length === 0 || (await updateStudent({ id: editing.student.id, changes }));
    if (saved) setEditing(null);
  };
  const remove = async (item: StudentWithSummary) => {
    await deleteStudent({ id: item.student.id });
  };

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Student Management"
        description="Enrollment, progress and clinical hours of your students"
        actions={
          canCreate && (
            <button type="button" className={buttonClass('primary')} onClick={() => setAdding(true)}>
              Add Student
            </button>
          )
        }
      />
      <FilterBar filters={filters} onChange={setFilters} programs={sortedPrograms} />
      {!items || !programs ? (
        <Loading text="Loading students..." />
      ) : items.length === 0 ? (
        <EmptyState title="No students enrolled" text="Students added to your programs appear here." />
      ) : (
        <StudentTabs
          tabs={tabs}
          filtered={hasActiveFilters(filters)}
          pending={pending}
          actionsFor={(item) => ({
            onView: () => setViewing(item),
            onEdit: can(role, 'students.update') ? () => setEditing(item) : undefined,
            onDelete: can(role, 'students.delete') ? () => setDeleting(item) : undefined,
          })}
        />
      )}

      <Modal title="Add Student" open={adding} onClose={closeAdd} wide>
        <StudentForm
          resolver={studentResolver(studentCreateSchema)}
          defaultValues={EMPTY_STUDENT}
          programs={formPrograms}
          accounts={accounts}
          submitLabel="Add Student"
          onSubmit={create}
          onCancel={closeAdd}
        />
      </Modal>
      <Modal title="Edit Student" open={editing !== null} onClose={() => setEditing(null)} wide>
        {editing && (
          <StudentForm
            resolver={studentResolver(studentUpdateSchema)}
            defaultValues={studentFormValues(editing.student)}
            programs={formPrograms}
            accounts={accounts}
            submitLabel="Save Changes"
            onSubmit={update}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <StudentDetailsDialog item={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Student"
        message={
          deleting
            ? `Are you sure you want to delete ${fullName(deleting.student)}? This will remove the student from all programs.`
            : ''
        }
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function FilterBar({
  filters,
  onChange,
  programs,
}: {
  filters: StudentFilters;
  onChange: (f: StudentFilters) => void;
  programs: readonly { id: string; name: string }[];
}) {
  return (
    <Card className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <TextField
        label="Search"
        type="search"
        className="col-span-2 sm:col-span-1"
        placeholder="Name, student ID or email"
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
      />
      <SelectField
        label="Program"
        value={filters.programId}
        onChange={(e) => onChange({ ...filters, programId: e.target.value })}
        options={[['all', 'All Programs'], ...programs.map((p) => [p.id, p.name] as const)]}
      />
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(e) => onChange({ ...filters, status: e.target.value as StudentStatusFilter })}
        options={STUDENT_STATUSES}
      />
    </Card>
  );
}

type ActionsFor = (item: StudentWithSummary) => Parameters<typeof StudentCard>[0]['actions'];

/** A card's height with its figures and buttons, for the rows not drawn yet. */
const STUDENT_CARD_ROW_PX = 470;

function StudentCards({
  items,
  pending,
  actionsFor,
}: {
  items: StudentWithSummary[];
  pending: Set<string>;
  actionsFor: ActionsFor;
}) {
  return (
    <WindowedGrid
      items={items}
      itemKey={(item) => item.student.id}
      label="Students"
      estimatedRowHeight={STUDENT_CARD_ROW_PX}
      renderItem={(item) => (
        <StudentCard
          item={item}
          pending={pending.has(entityKey('students', item.student.id))}
          actions={actionsFor(item)}
        />
      )}
    />
  );
}

function StudentTabs({
  tabs,
  filtered,
  pending,
  actionsFor,
}: {
  tabs: StudentTab[];
  filtered: boolean;
  pending: Set<string>;
  actionsFor: ActionsFor;
}) {
  const [selectedKey, setSelectedKey] = useState('all');
  // tabs come and go with the data (the Other tab, a program deleted elsewhere): the choice follows the tab, not its position
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.key === selectedKey),
  );
  return (
    <TabGroup selectedIndex={index} onChange={(i) => setSelectedKey(tabs[i].key)}>
      <TabList className={scrollingTabsClass}>
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className="min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 data-[selected]:bg-brand-700 data-[selected]:text-white"
          >
            {tab.label} ({tab.items.length})
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-3">
        {tabs.map((tab) => (
          <TabPanel key={tab.key}>
            {tab.items.length === 0 ? (
              filtered ? (
                <EmptyState title="No students found" text="Try a different search or filter." />
              ) : (
                <EmptyState title="No students enrolled" text={`No students are enrolled in ${tab.label}.`} />
              )
            ) : (
              <StudentCards items={tab.items} pending={pending} actionsFor={actionsFor} />
            )}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
