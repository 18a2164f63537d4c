/**
 * A skill's history for one student: every attempt (outcome, setting, who recorded it, unverified ones marked),
 * corrections, voids with their reasons, and the judgement changes. Attempts come from the device; the full list of
 * judgement changes comes from the server when online (offline: the latest change of each field).
 */
import { useEffect, useState } from 'react';

import type { StudentSkillRoutes } from '#api/routes/student-skills/index.ts';
import type { AssessmentChange, AssessmentField, FieldStamps } from '#schema/assessment-fields.ts';
import type { AttemptOutcome, AttemptSetting } from '#schema/enums.ts';
import { ASSESSMENT_FIELD_LABELS, ATTEMPT_OUTCOME_LABELS, ATTEMPT_SETTING_LABELS } from '#schema/enums.ts';
import { hlcTime } from '#schema/hlc.ts';
import { mayVoidAttempt } from '#schema/permissions.ts';
import { pluralNoun } from '#schema/plural.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { answer, apiClient } from '#web/lib/api.ts';
import { useRows, useRowsWhere } from '#web/lib/data.ts';
import { formatDateTime, fullName } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { Badge, Loading } from '#web/lib/ui/display.tsx';
import { buttonClass, inputClass } from '#web/lib/ui/styles.ts';
import { useVoidAttempt } from '#web/lib/writes/skill-attempts.ts';

import { shownValue } from './assessment-values.ts';
import type { Progress } from './progress-row.ts';

const historyApi = apiClient<StudentSkillRoutes>()['student-skills'].history;

type Attempt = DomainRows['skillAttempts'];
type Void = DomainRows['skillAttemptVoids'];
type Pair = { studentId: string; skillId: string };

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

/** 'Successful · Clinical', 'Correction: +3 attempts, +1 successful'. */
function attemptSummary(a: Attempt): string {
  if (a.kind === 'correction') {
    return `Correction: ${signed(a.attemptsDelta)} ${pluralNoun(a.attemptsDelta, 'attempt')}, ${signed(a.successfulDelta)} successful`;
  }
  const parts = [
    ATTEMPT_OUTCOME_LABELS[a.outcome as AttemptOutcome] ?? a.outcome,
    ATTEMPT_SETTING_LABELS[a.setting as AttemptSetting] ?? a.setting,
    a.participation === 'observed' ? 'Observed' : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

function useJudgementChanges(pair: Pair, stamps: FieldStamps | null | undefined) {
  const [online, setOnline] = useState<AssessmentChange[] | null>(null);
  const users = useRows('users');
  useEffect(() => {
    let live = true;
    answer(historyApi.$get({ query: { studentId: pair.studentId, skillId: pair.skillId } }))
      .then((changes) => live && setOnline(changes))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pair.studentId, pair.skillId]);
  if (online) return { changes: online, complete: true };
  const latest = (Object.entries(stamps ?? {}) as [AssessmentField, { stamp: string; by: string }][]).map(
    ([field, s]): AssessmentChange => {
      const by = users?.find((u) => u.id === s.by);
      return { field, at: hlcTime(s.stamp), byName: by ? fullName(by) : 'Another user', before: null, after: null };
    },
  );
  return { changes: latest, complete: false };
}

export function SkillHistory({ pair, current }: { pair: Pair; current?: Progress }) {
  const attempts = useRowsWhere('skillAttempts', '[studentId+skillId]', [pair.studentId, pair.skillId]);
  const voids = useRowsWhere('skillAttemptVoids', '[studentId+skillId]', [pair.studentId, pair.skillId]);
  const users = useRows('users');
  const judgement = useJudgementChanges(pair, current?.fieldStamps);
  if (!attempts || !voids) return <Loading />;
  const voidOf = new Map(voids.map((v) => [v.attemptId, v]));
  const nameOf = (id: string | null) => {
    const u = id ? users?.find((x) => x.id === id) : undefined;
    return u ? fullName(u) : 'Another user';
  };
  const sorted = [...attempts].sort((a, b) => b.attemptedAt.localeCompare(a.attemptedAt));
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Attempts">
        <h3 className="mb-2 font-semibold text-slate-900">Attempts</h3>
        {sorted.length === 0 ? (
          <p className="text-sm text-slate-600">No attempts logged yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {sorted.map((a) => (
              <AttemptItem key={a.id} attempt={a} voided={voidOf.get(a.id)} nameOf={nameOf} />
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Assessment changes">
        <h3 className="mb-2 font-semibold text-slate-900">Assessment changes</h3>
        {judgement.changes.length === 0 ? (
          <p className="text-sm text-slate-600">No status, notes or date set by hand.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm text-slate-800">
            {judgement.changes.map((c, i) => (
              <li key={`${c.field}-${c.at}-${i}`}>
                {`${ASSESSMENT_FIELD_LABELS[c.field]}${judgement.complete ? `: ${shownValue(c.field, c.after)}` : ''} · ${c.byName}, ${formatDateTime(c.at)}`}
                {c.superseded && (
                  <>
                    {' '}
                    <Badge tone="yellow">Superseded: a later change stands</Badge>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {!judgement.complete && judgement.changes.length > 0 && (
          <p className="mt-1 text-xs text-slate-600">The latest change of each; every change shows when online.</p>
        )}
      </section>
    </div>
  );
}

function AttemptItem({
  attempt,
  voided,
  nameOf,
}: {
  attempt: Attempt;
  voided?: Void;
  nameOf: (id: string | null) => string;
}) {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user : null;
  const voidAttempt = useVoidAttempt();
  const [reason, setReason] = useState<string | null>(null);
  const mayVoid = !!me && mayVoidAttempt(me, attempt);
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={`font-medium ${voided ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
          {attemptSummary(attempt)}
        </span>
        <span className="flex gap-1">
          {!attempt.verifiedBy && <Badge tone="yellow">Unverified</Badge>}
          {voided && <Badge tone="red">Voided</Badge>}
        </span>
      </div>
      <p className="text-slate-600">{`${formatDateTime(attempt.attemptedAt)} · ${nameOf(attempt.recordedBy)}`}</p>
      {attempt.notes && <p className="text-slate-700">{attempt.notes}</p>}
      {voided && <p className="text-red-800">{`Voided by ${nameOf(voided.voidedBy)}: ${voided.reason}`}</p>}
      {!voided && mayVoid && reason === null && (
        <button type="button" className={buttonClass('secondary', 'mt-2')} onClick={() => setReason('')}>
          Void
        </button>
      )}
      {!voided && reason !== null && (
        <form
          className="mt-2 flex flex-col gap-2 sm:flex-row"
          onSubmit={async (e) => {
            e.preventDefault();
            if (reason.trim() && (await voidAttempt(attempt.id, reason.trim()))) setReason(null);
          }}
        >
          <label className="flex flex-1 flex-col gap-1 font-medium text-slate-800">
            Reason for voiding
            <input className={inputClass} value={reason} required onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className={buttonClass('danger', 'self-end')} disabled={!reason.trim()}>
            Void attempt
          </button>
        </form>
      )}
    </li>
  );
}
