/**
 * A fire program's task-book rules: skill-sheet attempts allowed a day, the days a JPR may be attempted on (NFPA
 * practice: two and two), and whether JPRs done in academy training must be performed and signed again. Online, on
 * the shared schema; the server checks them again (PUT /api/programs/:id/task-book-rules).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { taskBookRulesOf } from '#schema/fire-task-book.ts';
import { taskBookRulesSchema } from '#schema/fire-task-book-schema.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { CheckboxField, TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { showFieldErrors } from '#web/lib/write.ts';

import type { TaskBookRulesBody } from './program-calls.ts';
import type { SaveRequirements } from './skill-minimums-editor.tsx';

const formSchema = taskBookRulesSchema.omit({ programId: true });
type Values = z.output<typeof formSchema>;

export function TaskBookRulesEditor({
  program,
  onSave,
}: {
  program: DomainRows['programs'];
  onSave: SaveRequirements<TaskBookRulesBody>;
}) {
  const form = useForm<z.input<typeof formSchema>, unknown, Values>({
    resolver: zodResolver(formSchema),
    defaultValues: taskBookRulesOf(program.taskBookRules),
  });
  const { errors, isSubmitting } = form.formState;
  const save = form.handleSubmit(async (values) => {
    const result = await onSave(values);
    if (result.ok) form.reset(values);
    else showFieldErrors(form.setError, result.fields, (f) => (f === 'attemptDays' ? 'attemptDays' : 'attemptsPerDay'));
  });
  const number = { valueAsNumber: true } as const;

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">How {program.name}&apos;s candidates may attempt and sign their JPRs.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Skill-sheet attempts a day"
          type="number"
          inputMode="numeric"
          {...form.register('attemptsPerDay', number)}
          error={errors.attemptsPerDay?.message}
        />
        <TextField
          label="Days a JPR may be attempted on"
          type="number"
          inputMode="numeric"
          {...form.register('attemptDays', number)}
          error={errors.attemptDays?.message}
        />
      </div>
      <CheckboxField
        label="JPRs done in academy training must be performed and signed again"
        {...form.register('resignTrainingJprs')}
      />
      <button type="submit" className={buttonClass('primary', 'self-start')} disabled={isSubmitting}>
        Save task-book rules
      </button>
    </form>
  );
}
