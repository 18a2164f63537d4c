import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { SKILL_STATUS_LABELS, type SkillStatus } from '../../../schema/enums.ts';
import type { Row } from '../../../sync/client/db.ts';
import { useSync } from '../../lib/sync.tsx';
import { ProgressDialog } from './progress-dialog.tsx';

const LEVELS = [['emr', 'EMR'], ['emt', 'EMT'], ['aemt', 'AEMT'], ['paramedic', 'Paramedic']] as const;
const progressKey = (studentId: string, skillId: string) => `studentSkills:${studentId}/${skillId}`;

function useSkillEntryData(studentId: string, level: string) {
  const { db } = useSync();
  const students = useLiveQuery(() => db.domain('students').toArray(), [db]) ?? [];
  const skills = useLiveQuery(() => db.domain('skills').where('[programType+certificationLevel]').equals(['ems', level]).toArray(), [db, level]) ?? [];
  const progress = useLiveQuery(() => db.domain('studentSkills').where('studentId').equals(studentId).toArray(), [db, studentId]) ?? [];
  const pendingKeys = useLiveQuery(async () => new Set((await db.outbox.toArray()).flatMap((e) => e.entityKeys)), [db]) ?? new Set<string>();
  return { students, skills, progress, pendingKeys };
}

export function SkillEntryPage() {
  const [studentId, setStudentId] = useState('');
  const [levelChoice, setLevelChoice] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Row | null>(null);
  const { students, skills, progress, pendingKeys } = useSkillEntryData(studentId, levelChoice ?? 'emt');
  const student = students.find((s) => s.id === studentId);
  const level = levelChoice ?? (student?.emsCertificationLevel as string | undefined) ?? 'emt';
  const bySkill = useMemo(() => new Map(progress.map((p) => [p.skillId as string, p])), [progress]);
  const needle = search.trim().toLowerCase();
  const shown = skills.filter((k) => !needle || [k.name, k.category, k.smcMotorSkillName, k.smcPathologyCategory]
    .some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)));

  return (
    <section className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Student
          <select value={studentId} onChange={(e) => { setStudentId(e.target.value); setLevelChoice(null); }} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3">
            <option value="">Select a student</option>
            {students.map((s) => (
              <option key={s.id} value={s.id}>{`${s.firstName} ${s.lastName} (${s.studentId}, ${String(s.emsCertificationLevel).toUpperCase()})`}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Certification level
          <select value={level} onChange={(e) => setLevelChoice(e.target.value)} className="min-h-11 rounded-lg border border-slate-300 bg-white px-3">
            {LEVELS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Search skills
          <input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, category, SMC name" className="min-h-11 rounded-lg border border-slate-300 px-3" />
        </label>
      </div>
      {!student ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">Select a student to view progress</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((skill) => {
            const p = bySkill.get(skill.id);
            const pending = pendingKeys.has(progressKey(student.id, skill.id));
            return (
              <li key={skill.id}>
                <button type="button" onClick={() => setEditing(skill)} className="flex h-full w-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-brand-600">
                  <span className="font-medium">{String(skill.name)}</span>
                  <span className="text-sm text-slate-600">{String(skill.category)}{skill.smcMatrixNumber ? ` · ${String(skill.smcMatrixNumber)}` : ''}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="rounded-full bg-slate-100 px-2 py-0.5">{SKILL_STATUS_LABELS[(p?.status as SkillStatus) ?? 'not_started']}</span>
                    {p ? <span>{String(p.progressPercentage)}% · {String(p.attempts)} attempts</span> : <span className="text-slate-500">No progress recorded</span>}
                    {pending && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Pending sync</span>}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {student && editing && (
        <ProgressDialog student={student} skill={editing} current={bySkill.get(editing.id)} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
