import { useMemo, useState } from 'react';

import type { SkillRoutes } from '#api/routes/skills/index.ts';
import { PROGRAM_TYPE_LABELS, PROGRAM_TYPES } from '#schema/enums.ts';
import { levelName } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { confidenceDisplay, plural } from '#web/lib/format.ts';
import { Badge, EmptyState } from '#web/lib/ui/display.tsx';
import { CheckboxField, SelectField, TextField } from '#web/lib/ui/fields.tsx';
import { ConfirmDialog } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { SkillFormDialog, type SkillFormValues } from './skill-form-dialog.tsx';
import { byCatalogueOrder, filterSkills, levelChoices, NO_SKILL_FILTERS, type SkillFilters } from './skill-rules.ts';

type Skill = DomainRows['skills'];

const skillsApi = apiClient<SkillRoutes>().skills;

/** The catalogue has a few hundred items; a phone shows them a page at a time. */
const SKILLS_PAGE = 25;

const TYPE_OPTIONS = [
  ['all', 'All Program Types'] as const,
  ...PROGRAM_TYPES.map((t) => [t, PROGRAM_TYPE_LABELS[t]] as const),
];

function SkillRow({
  skill,
  canManage,
  onEdit,
  onDelete,
}: {
  skill: Skill;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const confidence = confidenceDisplay(skill.confidence);
  const headingId = `skill-${skill.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <h4 id={headingId} className="break-words font-semibold text-slate-900">
          {skill.name}
        </h4>
        <div className="flex flex-wrap gap-1">
          <Badge>
            {PROGRAM_TYPE_LABELS[skill.programType as keyof typeof PROGRAM_TYPE_LABELS] ?? skill.programType}
          </Badge>
          <Badge>{levelName(skill.certificationLevel)}</Badge>
          <Badge tone={confidence.tone}>
            {skill.confidence === 'uncertain' ? 'Uncertain: needs verification' : confidence.label}
          </Badge>
        </div>
        <p className="text-sm text-slate-700">
          {skill.category}
          {skill.standardReference ? ` · ${skill.standardReference}` : ''}
        </p>
        {skill.source && <p className="break-words text-xs text-slate-600">Source: {skill.source}</p>}
      </div>
      {canManage && (
        <div className="flex shrink-0 gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onEdit} aria-label={`Edit ${skill.name}`}>
            Edit
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'text-red-700!')}
            onClick={onDelete}
            aria-label={`Delete ${skill.name}`}
          >
            Delete
          </button>
        </div>
      )}
    </article>
  );
}

/** The standards catalogue: each item with its source and confidence; directors and administration keep it right. */
export function SkillsTab({ skills, canManage }: { skills: readonly Skill[]; canManage: boolean }) {
  const { online } = useWriter();
  const [filters, setFilters] = useState<SkillFilters>(NO_SKILL_FILTERS);
  const [shownCount, setShownCount] = useState(SKILLS_PAGE);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Skill | null>(null);
  const [deleting, setDeleting] = useState<Skill | null>(null);

  const sorted = useMemo(() => [...skills].sort(byCatalogueOrder), [skills]);
  const matching = filterSkills(sorted, filters);
  const uncertain = skills.filter((s) => s.confidence === 'uncertain').length;
  const change = (next: Partial<SkillFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setShownCount(SKILLS_PAGE);
  };

  const create = (values: SkillFormValues) =>
    online(() => skillsApi.$post({ json: values }), {
      success: 'Skill added successfully',
      failure: 'Failed to add skill',
    });
  const update = (skill: Skill) => (values: SkillFormValues) =>
    online(() => skillsApi[':id'].$patch({ param: { id: skill.id }, json: values }), {
      success: 'Skill updated successfully',
      failure: 'Failed to update skill',
    });
  const remove = async (skill: Skill) => {
    await online(() => skillsApi[':id'].$delete({ param: { id: skill.id } }), {
      success: 'Skill deleted successfully',
      failure: 'Failed to delete skill',
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">Standards Catalogue</h3>
          <p className="text-sm text-slate-600">
            {plural(skills.length, 'skill')}, {uncertain} flagged uncertain until checked against the standard.
          </p>
        </div>
        {canManage && (
          <button type="button" className={buttonClass()} onClick={() => setAdding(true)}>
            Add Skill
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <TextField
          label="Search skills"
          type="search"
          placeholder="Name, category or reference"
          className="col-span-2 lg:col-span-1"
          value={filters.query}
          onChange={(e) => change({ query: e.target.value })}
        />
        <SelectField
          label="Program type"
          value={filters.programType}
          options={TYPE_OPTIONS}
          onChange={(e) => change({ programType: e.target.value as SkillFilters['programType'], level: 'all' })}
        />
        <SelectField
          label="Level"
          value={filters.level}
          options={[['all', 'All Levels'], ...levelChoices(filters.programType).map((l) => [l, levelName(l)] as const)]}
          onChange={(e) => change({ level: e.target.value as SkillFilters['level'] })}
        />
        <CheckboxField
          label="Uncertain only"
          className="col-span-2 self-end lg:col-span-1"
          checked={filters.uncertainOnly}
          onChange={(e) => change({ uncertainOnly: e.target.checked })}
        />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {Math.min(shownCount, matching.length)} of {plural(matching.length, 'skill')}
      </p>
      {matching.length === 0 ? (
        <EmptyState title="No skills found" text="Try adjusting your search or filters" />
      ) : (
        <ul className="grid gap-3">
          {matching.slice(0, shownCount).map((skill) => (
            <li key={skill.id}>
              <SkillRow
                skill={skill}
                canManage={canManage}
                onEdit={() => setEditing(skill)}
                onDelete={() => setDeleting(skill)}
              />
            </li>
          ))}
        </ul>
      )}
      {matching.length > shownCount && (
        <button
          type="button"
          className={buttonClass('secondary', 'self-center')}
          onClick={() => setShownCount((n) => n + SKILLS_PAGE)}
        >
          Show more
        </button>
      )}
      {adding && <SkillFormDialog onClose={() => setAdding(false)} onSave={create} />}
      {editing && (
        <SkillFormDialog key={editing.id} skill={editing} onClose={() => setEditing(null)} onSave={update(editing)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Skill"
        message={`Delete ${deleting?.name ?? 'this skill'} from the catalogue? Progress already recorded on it is kept.`}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
