/**
 * The preceptor's co-sign code: their phone shows it offline from the secret their sign-in answer carried, and the
 * student types it into the sign-off (the secret's keeping on the device: web/lib/cosign-secret.ts).
 */
import { useEffect, useState } from 'react';

import { COSIGN_PERIOD_SECONDS, cosignTotp } from '#schema/cosign.ts';
import { cosignSecretOf } from '#web/lib/cosign-secret.ts';
import { useSync } from '#web/lib/sync.tsx';

function useCosignSecret() {
  const { db } = useSync();
  const [secret, setSecret] = useState<string | null>();
  useEffect(() => {
    void cosignSecretOf(db).then(setSecret);
  }, [db]);
  return secret;
}

function useSecondsTick() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What the code signs on another's phone: an EMS student's shift, or a fire candidate's JPR. */
const USES = {
  shift:
    "Signing a student's shift on their phone? Give them this code and the e-mail you sign in with: the sign-off is then verified without a confirmation e-mail. Works offline.",
  jpr: "Signing a JPR on the candidate's phone? Give them this code and the e-mail you sign in with: the JPR is then signed in your name. Works offline.",
} as const;

export function CosignCode({ use = 'shift' }: { use?: keyof typeof USES }) {
  const secret = useCosignSecret();
  const now = useSecondsTick();
  if (secret === undefined) return null;
  if (secret === null) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
        To give co-sign codes on this phone, sign out and sign in again here.
      </p>
    );
  }
  const code = cosignTotp(secret).generate({ timestamp: now });
  const left = COSIGN_PERIOD_SECONDS - (Math.floor(now / 1000) % COSIGN_PERIOD_SECONDS);
  return (
    <section aria-labelledby="cosign-code" className="rounded-xl border border-brand-200 bg-brand-50 p-4">
      <h3 id="cosign-code" className="font-semibold text-slate-900">
        Your co-sign code
      </h3>
      <p className="text-sm text-slate-700">{USES[use]}</p>
      <p className="mt-2 font-mono text-4xl font-bold tracking-widest text-brand-900" aria-live="polite">
        {code.slice(0, 3)} {code.slice(3)}
      </p>
      <p className="text-xs text-slate-600">New code in {left} s</p>
    </section>
  );
}
