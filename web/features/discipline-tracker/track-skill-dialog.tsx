import { useState } from 'react';

import { fullName } from '#web/lib/format.ts';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { trackerStatusLabel } from './discipline.ts';
import type { SkillCell, TrackedStudent } from './tracker-figures.ts';

/** Track New Skill: picks a shown student and one of their skills, then hands over to Update Skill Progress. */
export function TrackSkillDialog({
  open,
  cards,
  onClose,
  onPick,
}: {
  open: boolean;
  cards: TrackedStudent[];
  onClose: () => void;
  onPick: (card: TrackedStudent, cell: SkillCell) => void;
}) {
  const [studentId, setStudentId] = useState('');
  const [skillId, setSkillId] = useState('');
  const card = cards.find((c) => c.student.id === studentId);
  const cell = card?.cells.find((c) => c.skill.id === skillId);
  const close = () => {
    setStudentId('');
    setSkillId('');
    onClose();
  };
  return (
    <Modal title="Track New Skill" open={open} onClose={close}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!card || !cell) return;
          close();
          onPick(card, cell);
        }}
      >
        <SelectField
          label="Student"
          value={studentId}
          placeholder="Select a student"
          onChange={(e) => {
            setStudentId(e.target.value);
            setSkillId('');
          }}
          options={cards.map((c) => [c.student.id, `${fullName(c.student)} (${c.student.studentId})`] as const)}
        />
        <SelectField
          label="Skill"
          value={skillId}
          placeholder="Select a skill"
          disabled={!card}
          onChange={(e) => setSkillId(e.target.value)}
          options={(card?.cells ?? []).map(
            (c) => [c.skill.id, `${c.skill.name} (${trackerStatusLabel(c.status)})`] as const,
          )}
        />
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonClass('primary')} disabled={!cell}>
            Continue
          </button>
        </div>
      </form>
    </Modal>
  );
}
