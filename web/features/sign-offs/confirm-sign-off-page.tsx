import type { InferRequestType } from 'hono/client';
/**
 * The page a preceptor's e-mailed link opens, without an account: exactly what was signed with their name, and
 * Confirm or Dispute (with a reason). The link works once; a used or expired one says so.
 */
import { useEffect, useState } from 'react';

import type { SignOffLinkRoutes } from '#api/routes/sign-offs/index.ts';
import { ATTEMPT_SETTING_LABELS, type AttemptSetting } from '#schema/enums.ts';
import { ERR } from '#schema/messages.ts';
import type { SignOffStatus } from '#schema/sign-off.ts';
import { answer, apiClient, ApiError } from '#web/lib/api.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { Loading } from '#web/lib/ui/display.tsx';
import { TextAreaField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

const linkApi = apiClient<SignOffLinkRoutes>()['sign-off-links'][':token'];

/** What the preceptor's answer sends: the link route's body. */
type LinkDecision = InferRequestType<typeof linkApi.$post>['json'];

interface Summary {
  student: string;
  capturedAt: string;
  preceptor: { name: string; credential: string; number: string; agency: string };
  attempts: { id: string; skill: string | null; attemptedAt: string; setting: string | null; outcome: string | null }[];
  contacts: {
    id: string;
    date: string;
    ageYears: number;
    ageMonths: number;
    gender: string;
    primaryImpression: string;
    teamLead: boolean;
  }[];
  hours: {
    id: string;
    date: string;
    startTime: string | null;
    endTime: string | null;
    hoursCompleted: number;
    hourType: string;
  }[];
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; summary: Summary }
  | { kind: 'done'; message: string }
  | { kind: 'refused'; message: string };

/** What the preceptor is told after answering, by the state their answer gave the sign-off. */
const ANSWERED: Partial<Record<SignOffStatus, string>> = {
  confirmed: 'Thank you. The sign-off is confirmed.',
  link_confirmed:
    'Thank you. Your confirmation is recorded. The program does not know this address yet, so a coordinator checks it before the records count.',
  disputed: 'Thank you. The sign-off is marked as disputed and the program will follow up.',
};

const setting = (s: string | null) => (s ? (ATTEMPT_SETTING_LABELS[s as AttemptSetting] ?? s) : '');

export function ConfirmSignOffPage({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [disputing, setDisputing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    answer(linkApi.$get({ param: { token } }))
      .then((summary) => setState({ kind: 'ready', summary }))
      .catch((e) => setState({ kind: 'refused', message: e instanceof ApiError ? e.message : ERR.linkUnknown }));
  }, [token]);

  const decide = async (body: LinkDecision) => {
    try {
      // the row's status column is text; the link's command writes only a SignOffStatus into it
      const status = (await answer(linkApi.$post({ param: { token }, json: body }))).status as SignOffStatus;
      setState({ kind: 'done', message: ANSWERED[status] ?? 'Thank you. Your answer is recorded.' });
    } catch (e) {
      if (e instanceof ApiError && e.fields.reason) return setError(e.fields.reason);
      setState({ kind: 'refused', message: e instanceof ApiError ? e.message : ERR.linkUnknown });
    }
  };

  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-bold text-brand-900">Confirm a student sign-off</h1>
      {state.kind === 'loading' && <Loading text="Loading the sign-off..." />}
      {(state.kind === 'done' || state.kind === 'refused') && (
        <p role="status" className="rounded-lg bg-slate-100 p-4 text-slate-900">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <p className="text-slate-700">
            {state.summary.preceptor.name} ({state.summary.preceptor.credential} {state.summary.preceptor.number},{' '}
            {state.summary.preceptor.agency}) signed these records of <strong>{state.summary.student}</strong> on{' '}
            {formatDateTime(state.summary.capturedAt)}:
          </p>
          <ul className="list-disc pl-5 text-slate-800">
            {state.summary.attempts.map((a) => (
              <li key={a.id}>
                {formatDate(a.attemptedAt.slice(0, 10))}: {a.skill}, {a.outcome}, {setting(a.setting).toLowerCase()}
              </li>
            ))}
            {state.summary.contacts.map((c) => (
              <li key={c.id}>
                {formatDate(c.date)}: patient contact, {c.ageYears > 0 ? `${c.ageYears} y` : `${c.ageMonths} mo`}{' '}
                {c.gender}, {c.primaryImpression}
                {c.teamLead ? ', team lead' : ''}
              </li>
            ))}
            {state.summary.hours.map((h) => (
              <li key={h.id}>
                {formatDate(h.date)}: {h.hoursCompleted} h {h.hourType}
                {h.startTime && h.endTime ? ` (${h.startTime}-${h.endTime})` : ''}
              </li>
            ))}
          </ul>
          {disputing ? (
            <div className="flex flex-col gap-3">
              <TextAreaField
                label="What is wrong?"
                value={reason}
                error={error}
                onChange={(e) => setReason(e.target.value)}
              />
              <button
                type="button"
                className={buttonClass('danger')}
                onClick={() => decide({ decision: 'dispute', reason })}
              >
                Send dispute
              </button>
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row">
              <button type="button" className={buttonClass()} onClick={() => decide({ decision: 'confirm' })}>
                Confirm
              </button>
              <button type="button" className={buttonClass('secondary')} onClick={() => setDisputing(true)}>
                Dispute
              </button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
