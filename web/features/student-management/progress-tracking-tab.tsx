import { useMemo } from 'react';

import { type StudentWithSummary, useRows, useRowsWhere } from '#web/lib/data.ts';
import { plural, progressTone } from '#web/lib/format.ts';
import { StudentRecordsGate, useStudentRecords } from '#web/lib/student-records.tsx';
import { Badge, Card, EmptyState, Loading, ProgressBar } from '#web/lib/ui/display.tsx';

import { StudentPicker } from './student-picker.tsx';
import { progressByCategory, standardOf } from './student-rules.ts';

/** The chosen student's progress on each skill category of their level's standard. */
export function ProgressTrackingTab({
  students,
  selected,
  onSelect,
}: {
  students: StudentWithSummary[];
  selected: StudentWithSummary | null;
  onSelect: (id: string) => void;
}) {
  const skills = useRows('skills');
  // the chosen student's records only
  const records = useRowsWhere('studentSkills', 'studentId', selected?.student.id);
  // a desk device fetches the student's records when they are chosen (schema/device-set.ts)
  const onDevice = useStudentRecords(selected?.student.id);
  const categories = useMemo(
    () => (selected && skills && records ? progressByCategory(selected.summary, skills, records) : []),
    [selected, skills, records],
  );
  return (
    <div className="flex flex-col gap-4">
      <StudentPicker students={students} selected={selected} onSelect={onSelect} />
      {!selected ? (
        <EmptyState title="No student selected" text="Choose a student to see their progress." />
      ) : onDevice !== 'here' ? (
        <StudentRecordsGate studentId={selected.student.id}>{null}</StudentRecordsGate>
      ) : !skills || !records ? (
        <Loading />
      ) : categories.length === 0 ? (
        <EmptyState title="No skills to track" text="The student's program has no skills for their level." />
      ) : (
        <Card className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold text-slate-900">
              Progress by category ({standardOf(selected.summary.program?.type)})
            </h3>
            <p className="text-sm text-slate-600">
              {selected.summary.skillsCompleted} of {plural(selected.summary.totalSkills, 'skill')} completed ·{' '}
              {selected.summary.progressPercentage}% overall
            </p>
          </div>
          <ul className="flex flex-col gap-3">
            {categories.map((c) => (
              <li key={c.category} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
                  <span className="font-medium text-slate-800">{c.category}</span>
                  <span className="flex items-center gap-2 text-slate-600">
                    {c.completed}/{c.total} completed <Badge tone={progressTone(c.percent)}>{c.percent}%</Badge>
                  </span>
                </div>
                <ProgressBar percent={c.percent} tone={progressTone(c.percent)} label={`${c.category} progress`} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
