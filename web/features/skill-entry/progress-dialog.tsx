/**
 * 'Update Skill Progress' for one student's skill: log an attempt with every detail, edit the judgement fields (status
 * or % over the derived figure, notes, next assessment date), and read the skill's history. Counts are never typed:
 * they come from the attempts (schema/skill-figures.ts). Everything is written through the sync engine (offline).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';

import { EMS_FORM_STATUSES, type SkillStatus } from '#schema/enums.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { plural } from '#web/lib/format.ts';
import { Modal } from '#web/lib/ui/modal.tsx';

import { AssessmentForm } from './assessment-form.tsx';
import { AttemptForm } from './attempt-form.tsx';
import type { Progress } from './progress-row.ts';
import { defaultShift, type ShiftSetting } from './shift-setting.ts';
import { SkillHistory } from './skill-history.tsx';

type Student = Pick<DomainRows['students'], 'id' | 'firstName' | 'lastName'>;
type Skill = Pick<DomainRows['skills'], 'id' | 'name' | 'minimumAttempts'>;

const TABS = ['Log attempt', 'Assessment', 'History'] as const;
export type DialogTab = (typeof TABS)[number];

export function ProgressDialog({
  student,
  skill,
  current,
  onClose,
  tab = 'Log attempt',
  shift = defaultShift(''),
  canRecord = true,
  formStatuses = EMS_FORM_STATUSES,
}: {
  student: Student;
  skill: Skill;
  current?: Progress;
  onClose: () => void;
  /** The tab it opens on (a skill card's History button opens the history). */
  tab?: DialogTab;
  /** The shift's setting and site, preselected in the attempt form. */
  shift?: ShiftSetting;
  /** Whether the user may edit the judgement fields (staff); students log attempts only. */
  canRecord?: boolean;
  formStatuses?: readonly SkillStatus[];
}) {
  const tabs: readonly string[] = canRecord ? TABS : TABS.filter((t) => t !== 'Assessment');
  const pair = { studentId: student.id, skillId: skill.id };
  return (
    <Modal title="Update Skill Progress" open onClose={onClose} wide>
      <p className="text-sm text-slate-700">
        {skill.name} · {student.firstName} {student.lastName}
      </p>
      <p className="text-sm text-slate-600">
        {`${current?.successfulAttempts ?? 0} of ${plural(current?.attempts ?? 0, 'attempt')} successful · minimum ${skill.minimumAttempts} successful`}
        {current?.pendingAttempts ? ` · ${current.pendingAttempts} awaiting verification` : ''}
      </p>
      <TabGroup className="mt-3" defaultIndex={Math.max(0, tabs.indexOf(tab))}>
        <TabList className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1">
          {tabs.map((t) => (
            <Tab
              key={t}
              className="min-h-11 rounded-lg px-2 text-sm font-semibold text-slate-700 data-[selected]:bg-white data-[selected]:text-brand-700 data-[selected]:shadow-sm"
            >
              {t}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="pt-4">
          <TabPanel>
            <AttemptForm
              pair={pair}
              what={`${skill.name} · ${student.firstName} ${student.lastName}`}
              shift={shift}
              onDone={onClose}
              onCancel={onClose}
            />
          </TabPanel>
          {canRecord && (
            <TabPanel>
              <AssessmentForm
                pair={pair}
                current={current}
                formStatuses={formStatuses}
                onDone={onClose}
                onCancel={onClose}
              />
            </TabPanel>
          )}
          <TabPanel>
            <SkillHistory pair={pair} current={current} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Modal>
  );
}
