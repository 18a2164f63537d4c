import { useState } from 'react';

import type { Signature } from '#schema/sign-off.ts';
import { TextField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { SignatureField } from './signature-field.tsx';

/**
 * A drawn signature, or for keyboard and screen-reader users the full name typed with the attestation: recorded as a
 * typed signature (a sign-off's hash covers it with its kind). The EMS sign-off and the police DOR's steps sign with it.
 */
export function SignatureChoice({
  onChange,
  error,
  label,
}: {
  onChange: (signature: Signature | null) => void;
  error?: string;
  /** Whose signature the pad takes. */
  label?: string;
}) {
  const [typing, setTyping] = useState(false);
  const switchTo = (typed: boolean) => {
    setTyping(typed);
    onChange(null);
  };
  if (!typing) {
    return (
      <div className="flex flex-col gap-1">
        <SignatureField onChange={onChange} error={error} label={label} />
        <button type="button" className={buttonClass('secondary', 'self-start')} onClick={() => switchTo(true)}>
          Type your name instead of drawing
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <TextField
        label="Signature: type your full name"
        autoComplete="off"
        error={error}
        onChange={(e) => onChange(e.target.value.trim() ? { kind: 'typed', name: e.target.value } : null)}
      />
      <button type="button" className={buttonClass('secondary', 'self-start')} onClick={() => switchTo(false)}>
        Draw a signature instead
      </button>
    </div>
  );
}
