/**
 * "Get link" in the verification queue: the link is what the reviewer came for, so it is made as the dialog opens and
 * shown with Copy, to pass on to the preceptor by hand (earlier unused links stop working).
 */
import { useEffect, useRef, useState } from 'react';

import type { SignOffRoutes } from '#api/routes/sign-offs/index.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { Loading } from '#web/lib/ui/display.tsx';
import { TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

const signOffsApi = apiClient<SignOffRoutes>()['sign-offs'];

const OUTCOME = { success: 'Link made', failure: 'Failed to make the link' };

/** Asks the server for a new link once per opening (a second request would void the first link shown). */
function useNewLink(signOffId: string) {
  const { online } = useWriter();
  const [answer, setAnswer] = useState<{ url: string } | 'failed' | null>(null);
  const asked = useRef(false);
  const ask = async () => {
    setAnswer(null);
    const result = await online(() => signOffsApi[':id'].link.$post({ param: { id: signOffId } }), OUTCOME);
    setAnswer(result.ok ? { url: result.data.url } : 'failed');
  };
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void ask();
  });
  return { answer, retry: ask };
}

export function LinkDialog({ signOff, onClose }: { signOff: DomainRows['signOffs']; onClose: () => void }) {
  const { answer, retry } = useNewLink(signOff.id);
  const [copied, setCopied] = useState(false);
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <Modal title="Link for the preceptor" open onClose={onClose}>
      {answer === null ? (
        <Loading text="Making the link..." />
      ) : answer === 'failed' ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">No link was made.</p>
          <button type="button" className={buttonClass()} onClick={() => void retry()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Send this link to {signOff.preceptor.name} ({signOff.preceptor.contact}). It works once, for 7 days.
          </p>
          <TextField label="Confirmation link" readOnly value={answer.url} onFocus={(e) => e.target.select()} />
          <p role="status" className="text-sm text-slate-700">
            {copied ? 'Copied' : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass()} onClick={() => void copy(answer.url)}>
              Copy
            </button>
            <button type="button" className={buttonClass('secondary')} onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
