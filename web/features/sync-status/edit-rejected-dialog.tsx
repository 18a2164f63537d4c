import { useState } from 'react';
import { z } from 'zod';

import { fieldErrors } from '#schema/common.ts';
import type { RejectedEntry } from '#sync/client/db.ts';
import type { MutationName } from '#sync/client/mutators.ts';
import { useSync } from '#web/lib/sync.tsx';
import { TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { isHiddenField, words } from './describe-change.ts';

type Args = Record<string, unknown>;

/** The typed text back into the field's original type: numbers stay numbers, lists stay lists. */
function parseLike(original: unknown, text: string): unknown {
  if (typeof original === 'number') return text.trim() === '' ? original : Number(text);
  if (typeof original === 'boolean') return text === 'true';
  if (Array.isArray(original))
    return text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return text;
}

const editable = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value) || Array.isArray(value);

/** Edits a refused change's input and sends it again; the same schema as the server checks it first. */
export function EditRejectedDialog({ entry, onClose }: { entry: RejectedEntry; onClose: () => void }) {
  const { engine } = useSync();
  const args = (entry.args ?? {}) as Args;
  // an update's input is { id, changes }: the fields a person typed are in `changes`
  const nested = typeof args.changes === 'object' && args.changes !== null;
  const original = (nested ? args.changes : args) as Args;
  const keys = Object.keys(original).filter((k) => !isHiddenField(k) && !k.endsWith('Id') && editable(original[k]));
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      keys.map((k) => [k, Array.isArray(original[k]) ? (original[k] as unknown[]).join(', ') : String(original[k])]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>(entry.fields ?? {});
  const send = async () => {
    const fields = { ...original, ...Object.fromEntries(keys.map((k) => [k, parseLike(original[k], texts[k])])) };
    const edited = nested ? { ...args, changes: fields } : fields;
    try {
      await engine.retryRejected(entry.mutationId as never, edited as never);
      void engine.sync();
      onClose();
    } catch (e) {
      setErrors(e instanceof z.ZodError ? fieldErrors(e) : { form: 'This change could not be queued.' });
    }
  };
  return (
    <Modal title={`Edit: ${words(entry.name as MutationName)}`} open onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {keys.map((k) => (
          <TextField
            key={k}
            label={words(k)}
            value={texts[k]}
            error={errors[k]}
            onChange={(e) => setTexts({ ...texts, [k]: e.target.value })}
          />
        ))}
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <button type="submit" className={buttonClass('primary')}>
          Send again
        </button>
      </form>
    </Modal>
  );
}
