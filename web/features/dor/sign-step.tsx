import { useCallback, useState } from 'react';

import { DOR_AFFIRMATION, type DorPhase, signatureRefusal } from '#schema/dor.ts';
import { DOR_MSG } from '#schema/messages.ts';
import type { Signature } from '#schema/sign-off.ts';
import { Card } from '#web/lib/ui/display.tsx';
import { CheckboxField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useSignDor } from '#web/lib/writes/dors.ts';

import { SignatureChoice } from '../sign-offs/index.ts';
import { DOR_SIGN_BUTTONS, DOR_STEP_LABELS } from './dor-rules.ts';

/**
 * One step of a report signed by its signer: they affirm the step's statement and sign, drawn on the screen or their
 * full name typed (recorded as typed; the server refuses any name but theirs, by the same rule).
 */
export function SignStep({
  dorId,
  phase,
  refusal,
  unsaved,
  signer,
}: {
  dorId: string;
  phase: DorPhase;
  /** Why the step cannot be signed yet (a category unrated), shown instead of the button. */
  refusal: string | null;
  unsaved: boolean;
  /** Who signs: the signed-in user, whose full name a typed signature must be. */
  signer: { firstName: string; lastName: string };
}) {
  const sign = useSignDor();
  const [affirmed, setAffirmed] = useState(false);
  const [signature, setSignature] = useState<Signature | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSignature = useCallback((s: Signature | null) => setSignature(s), []);

  async function submit() {
    if (!affirmed) return setError(DOR_MSG.affirmRequired);
    if (!signature) return setError(DOR_MSG.signatureRequired);
    const badSignature = signatureRefusal(signature, signer);
    if (badSignature) return setError(badSignature);
    setError(null);
    await sign({ id: dorId, phase, affirmed: true, signature });
  }

  return (
    <Card className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold text-slate-900">{DOR_STEP_LABELS[phase]}</h3>
      {refusal ? (
        <p className="text-sm text-amber-800">{refusal}</p>
      ) : unsaved ? (
        <p className="text-sm text-amber-800">Save your changes before signing.</p>
      ) : (
        <>
          <SignatureChoice label="Your signature" onChange={onSignature} />
          <CheckboxField
            label={DOR_AFFIRMATION[phase]}
            checked={affirmed}
            onChange={(e) => setAffirmed(e.target.checked)}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button type="button" className={buttonClass('primary', 'self-start')} onClick={() => void submit()}>
            {DOR_SIGN_BUTTONS[phase]}
          </button>
        </>
      )}
    </Card>
  );
}
