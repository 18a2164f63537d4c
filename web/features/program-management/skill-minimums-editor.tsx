import { useMemo, useState } from 'react';

import { ATTEMPT_SETTING_LABELS, ATTEMPT_SETTINGS } from '#schema/enums.ts';
import { levelName } from '#schema/names.ts';
import { skillMinimumSchema, skillMinimumsSchema } from '#schema/program-requirements.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { Badge, EmptyState } from '#web/lib/ui/display.tsx';
import { SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';
import type { WriteResult } from '#web/lib/write.ts';

import type { RequirementsBody } from './program-calls.ts';
import {
  currentMinimum,
  draftOf,
  levelsOf,
  mergedMinimums,
  type MinimumDraft,
  minimumOf,
  skillsToEdit,
} from './requirements-rules.ts';

type Skill = DomainRows['skills'];
type Program = DomainRows['programs'];
/** Saves one settings body: the program's requirements unless named (the DOR settings', the task book's rules). */
export type SaveRequirements<Body = RequirementsBody> = (body: Body) => Promise<WriteResult<unknown>>;

const COLUMNS = [['total', 'Total'] as const, ...ATTEMPT_SETTINGS.map((s) => [s, ATTEMPT_SETTING_LABELS[s]] as const)];

const rowError = (draft: MinimumDraft | undefined) => {
  if (!draft) return null;
  const parsed = skillMinimumSchema.safeParse(minimumOf(draft));
  return parsed.success ? null : parsed.error.issues[0].message;
};

/**
 * Successful attempts each skill needs, in all and per setting, for one program. Only edited skills are sent on top
 * of the program's own minimums; the server keeps those that differ from the catalogue.
 */
export function SkillMinimumsEditor({
  program,
  skills,
  onSave,
}: {
  program: Program;
  skills: readonly Skill[];
  onSave: SaveRequirements;
}) {
  const levels = useMemo(() => levelsOf(skills, program), [skills, program]);
  const [level, setLevel] = useState(
    program.certificationLevel && levels.includes(program.certificationLevel) ? program.certificationLevel : '',
  );
  const [query, setQuery] = useState('');
  const [drafts, setDrafts] = useState<ReadonlyMap<string, MinimumDraft>>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const shown = useMemo(() => skillsToEdit(skills, program, level, query), [skills, program, level, query]);

  const edit = (skill: Skill, column: keyof MinimumDraft, value: string) =>
    setDrafts((current) => {
      const next = new Map(current);
      next.set(skill.id, { ...(current.get(skill.id) ?? draftOf(currentMinimum(program, skill))), [column]: value });
      return next;
    });

  const send = async (body: Record<string, unknown>) => {
    setSaving(true);
    const result = await onSave(body);
    setSaving(false);
    if (result.ok) setDrafts(new Map());
    setMessage(result.ok ? null : (result.fields.skillMinimums ?? null));
  };

  const save = () => {
    const invalid = [...drafts.values()].some((d) => rowError(d));
    const parsed = skillMinimumsSchema.safeParse(mergedMinimums(program, skills, drafts));
    if (invalid || !parsed.success) {
      setMessage('Correct the minimums marked below, then save.');
      return;
    }
    void send({ skillMinimums: parsed.data });
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">
        Successful attempts a student needs for each skill: in all, and in particular settings (blank for none). A skill
        left at the catalogue&apos;s minimum follows the catalogue.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Level"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
          options={[['', 'All levels'], ...levels.map((l) => [l, levelName(l)] as const)]}
        />
        <TextField
          label="Search skills"
          type="search"
          value={query}
          placeholder="Name, code or category"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {message && (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
      {shown.length === 0 ? (
        <EmptyState title="No skills found" text="Try another level or search" />
      ) : (
        <ul className="flex max-h-[50vh] flex-col divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200">
          {shown.map((skill) => {
            const draft = drafts.get(skill.id);
            const values = draft ?? draftOf(currentMinimum(program, skill));
            const error = rowError(draft);
            const own = program.skillMinimums?.[skill.id] !== undefined;
            return (
              <li key={skill.id} className="p-3">
                <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium text-slate-900">{skill.name}</span>
                  <span className="text-slate-600">{skill.code}</span>
                  {draft ? <Badge tone="yellow">Changed</Badge> : own && <Badge tone="blue">Program&apos;s own</Badge>}
                </div>
                <div className="grid grid-cols-5 gap-1.5">
                  {COLUMNS.map(([column, label]) => (
                    <label key={column} className="flex flex-col gap-0.5 text-xs text-slate-700">
                      <span aria-hidden>{label}</span>
                      <input
                        className={`${inputClass} px-1.5 text-center`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        aria-label={`${label} minimum for ${skill.name}`}
                        aria-invalid={!!error}
                        value={values[column]}
                        onChange={(e) => edit(skill, column, e.target.value)}
                      />
                    </label>
                  ))}
                </div>
                {error && (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={saving || !program.skillMinimums}
          onClick={() => setConfirmReset(true)}
        >
          Use the catalogue&apos;s minimums
        </button>
        <button type="button" className={buttonClass()} disabled={saving || drafts.size === 0} onClick={save}>
          Save minimums
        </button>
      </div>
      <ConfirmDialog
        open={confirmReset}
        title="Use the catalogue's minimums"
        message={`Every skill of ${program.name} goes back to the catalogue's minimum, and its students' status is restated against it.`}
        confirmLabel="Use the catalogue's"
        onConfirm={() => send({ skillMinimums: null })}
        onClose={() => setConfirmReset(false)}
      />
    </div>
  );
}
