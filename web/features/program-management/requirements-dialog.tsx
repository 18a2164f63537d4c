import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';

import type { DomainRows } from '#sync/client/db.ts';
import { Modal } from '#web/lib/ui/modal.tsx';

import { ContactRulesEditor } from './contact-rules-editor.tsx';
import { CountedStatesEditor } from './counted-states-editor.tsx';
import { DorSettingsEditor } from './dor-settings-editor.tsx';
import type { DorSettingsBody, TaskBookRulesBody } from './program-calls.ts';
import { type SaveRequirements, SkillMinimumsEditor } from './skill-minimums-editor.tsx';
import { TaskBookRulesEditor } from './task-book-rules-editor.tsx';

type Program = DomainRows['programs'];

const tabClass =
  'min-h-11 shrink-0 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[selected]:bg-brand-700 data-[selected]:text-white';

/**
 * A program's requirements: skill minimums, for EMS programs how patient contacts count, for fire programs the task
 * book's rules, for police programs the Daily Observation Report's categories and advancement rules, and which
 * sign-offs count.
 */
export function RequirementsDialog({
  program,
  skills,
  onSave,
  onSaveDorSettings,
  onSaveTaskBookRules,
  onClose,
}: {
  program: Program;
  skills: readonly DomainRows['skills'][];
  onSave: SaveRequirements;
  onSaveDorSettings: SaveRequirements<DorSettingsBody>;
  onSaveTaskBookRules: SaveRequirements<TaskBookRulesBody>;
  onClose: () => void;
}) {
  const ems = program.type === 'ems';
  const police = program.type === 'police';
  const fire = program.type === 'fire';
  return (
    <Modal title={`Requirements: ${program.name}`} open onClose={onClose} wide>
      <TabGroup>
        <TabList className="mb-3 flex gap-1 overflow-x-auto scroll-cue [--cue-bg:#fff]">
          <Tab className={tabClass}>Skill minimums</Tab>
          {ems && <Tab className={tabClass}>Patient contacts</Tab>}
          {fire && <Tab className={tabClass}>Task book</Tab>}
          {police && <Tab className={tabClass}>Daily Observation Reports</Tab>}
          <Tab className={tabClass}>Sign-offs</Tab>
        </TabList>
        <TabPanels>
          <TabPanel>
            <SkillMinimumsEditor program={program} skills={skills} onSave={onSave} />
          </TabPanel>
          {ems && (
            <TabPanel>
              <ContactRulesEditor program={program} onSave={onSave} />
            </TabPanel>
          )}
          {fire && (
            <TabPanel>
              <TaskBookRulesEditor program={program} onSave={onSaveTaskBookRules} />
            </TabPanel>
          )}
          {police && (
            <TabPanel>
              <DorSettingsEditor program={program} onSave={onSaveDorSettings} />
            </TabPanel>
          )}
          <TabPanel>
            <CountedStatesEditor program={program} onSave={onSave} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Modal>
  );
}
