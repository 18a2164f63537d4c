import type { StudentWithSummary } from '#web/lib/data.ts';
import { fullName } from '#web/lib/format.ts';
import { SelectField } from '#web/lib/ui/fields.tsx';

/** Which student the Progress Tracking and Academic Records tabs show; the same choice as the Overview's list. */
export function StudentPicker({
  students,
  selected,
  onSelect,
}: {
  students: StudentWithSummary[];
  selected: StudentWithSummary | null;
  onSelect: (id: string) => void;
}) {
  // a student chosen earlier stays choosable even when the filters now hide them
  const options = selected && !students.includes(selected) ? [selected, ...students] : students;
  return (
    <SelectField
      label="Student"
      className="sm:max-w-md"
      value={selected?.student.id ?? ''}
      placeholder="Select a student"
      onChange={(e) => e.target.value && onSelect(e.target.value)}
      options={options.map((s) => [s.student.id, `${fullName(s.student)} (${s.student.studentId})`] as const)}
    />
  );
}
