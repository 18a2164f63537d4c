/**
 * Sign-offs (/sign-offs): a student asks a preceptor to sign on their phone and follows each sign-off; staff who review
 * work the verification queue (accept as attested, ask again, reject, or get a link to pass on by hand).
 */
import { useMemo, useState } from 'react';

import type { SignOffRoutes } from '#api/routes/sign-offs/index.ts';
import type { Role } from '#schema/enums.ts';
import { can } from '#schema/permissions.ts';
import {
  namesAccount,
  NEEDS_ATTENTION,
  NEEDS_ATTENTION_LABEL,
  SIGN_OFF_STATUS_LABELS,
  SIGN_OFF_STATUSES,
  signOffState,
  type SignOffStatus,
} from '#schema/sign-off.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { apiClient } from '#web/lib/api.ts';
import { useRow, useRows } from '#web/lib/data.ts';
import { formatDateTime, fullName, plural, type Tone } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { RecordsNotice, useStudentsRecords } from '#web/lib/student-records.tsx';
import { Badge, EmptyState, Loading, PageHeader } from '#web/lib/ui/display.tsx';
import { SelectField, TextAreaField, TextField } from '#web/lib/ui/fields.tsx';
import { Modal } from '#web/lib/ui/modal.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useWriter } from '#web/lib/write.ts';

import { CosignCode } from './cosign-code.tsx';
import { LinkDialog } from './link-dialog.tsx';
import {
  filterQueue,
  NO_FILTERS,
  openingFilters,
  preceptorOptions,
  type QueueFilters,
  recordSites,
} from './queue-filters.ts';
import { SignOffDetail } from './sign-off-detail.tsx';
import { SignOffSheet } from './sign-off-sheet.tsx';
import { useRequestSignOff } from './use-request-sign-off.ts';

const signOffsApi = apiClient<SignOffRoutes>()['sign-offs'];

type SignOff = DomainRows['signOffs'];

const STATUS_TONES: Record<SignOffStatus, Tone> = {
  awaiting: 'yellow',
  code_verified: 'green',
  confirmed: 'green',
  link_confirmed: 'yellow',
  accepted: 'green',
  disputed: 'red',
  rejected: 'red',
  expired: 'slate',
  changed: 'red',
};

/** The status filter's choices: "Needs attention" first, then each state. */
const STATUS_OPTIONS = [
  [NEEDS_ATTENTION, NEEDS_ATTENTION_LABEL] as const,
  ...SIGN_OFF_STATUSES.map((s) => [s, SIGN_OFF_STATUS_LABELS[s]] as const),
];

export function SignOffsPage() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return <SignOffs role={session.user.role} userId={session.user.id} email={session.user.email} />;
}

export function SignOffs({ role, userId, email }: { role: Role; userId: string; email: string }) {
  const students = useRows('students');
  const signOffs = useRows('signOffs');
  if (!students || !signOffs) return <Loading text="Loading sign-offs..." />;
  const own = role === 'student' ? students.find((s) => s.userId === userId) : undefined;
  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Sign-offs"
        description={
          own
            ? 'Your preceptor signs your shift on this phone, with no signal needed; they then confirm by e-mail.'
            : "Preceptors' sign-offs of students' records, and what still needs confirming"
        }
      />
      {own && <AskToSign studentId={own.id} userId={userId} email={email} />}
      {role !== 'student' && <CosignCode />}
      {can(role, 'signOffs.confirmOwn') && (
        <ToConfirm
          signOffs={signOffs.filter((s) => s.status === 'awaiting' && namesAccount(s.preceptor, email))}
          students={students}
        />
      )}
      <SignOffList
        signOffs={signOffs}
        students={students}
        canReview={can(role, 'signOffs.review')}
        title={own ? 'My sign-offs' : can(role, 'signOffs.review') ? 'Verification queue' : 'Signed in my name'}
      />
    </section>
  );
}

/** Sign-offs given in the user's name and not yet confirmed: each a whole shift, confirmed with one tap. */
function ToConfirm({
  signOffs,
  students,
}: {
  signOffs: readonly SignOff[];
  students: readonly DomainRows['students'][];
}) {
  const { online } = useWriter();
  const nameOf = new Map(students.map((s) => [s.id, fullName(s)]));
  if (signOffs.length === 0) return null;
  return (
    <section aria-labelledby="to-confirm" className="flex flex-col gap-3">
      <h3 id="to-confirm" className="text-lg font-semibold text-slate-900">
        Sign-offs to confirm ({signOffs.length})
      </h3>
      <ul className="flex flex-col gap-3">
        {signOffs.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4">
            <p className="text-sm text-slate-900">
              <span className="font-semibold">{nameOf.get(s.studentId) ?? 'A student'}</span>:{' '}
              {plural(s.records.length, 'record')} signed with your name on {formatDateTime(s.capturedAt)}
            </p>
            <button
              type="button"
              className={buttonClass('primary', 'self-start')}
              onClick={() =>
                online(() => signOffsApi[':id'].confirm.$post({ param: { id: s.id } }), {
                  success: 'Sign-off confirmed',
                  failure: 'Failed to confirm the sign-off',
                })
              }
            >
              Confirm shift
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AskToSign({ studentId, userId, email }: { studentId: string; userId: string; email: string }) {
  const { records, submit } = useRequestSignOff(studentId, userId);
  const [open, setOpen] = useState(false);
  const student = useRow('students', studentId);
  return (
    <div>
      <button type="button" className={buttonClass()} disabled={!records} onClick={() => setOpen(true)}>
        Ask preceptor to sign{records ? ` (${records.length} unsigned)` : ''}
      </button>
      {open && records && (
        <SignOffSheet
          records={records}
          ownContacts={[student?.email, student?.phone, email]}
          onSubmit={submit}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

type Action = { signOff: SignOff; kind: 'accept' | 'reject' | 'ask_again' | 'link' };

function SignOffList({
  signOffs,
  students,
  canReview,
  title,
}: {
  signOffs: readonly SignOff[];
  students: readonly DomainRows['students'][];
  canReview: boolean;
  title: string;
}) {
  // what the user chose; the rest opens by the rule, which follows the rows a sync brings after the screen opened
  const [chosen, setChosen] = useState<Partial<QueueFilters>>({});
  const filters = { ...openingFilters(signOffs, canReview), ...chosen };
  const [action, setAction] = useState<Action | null>(null);
  const sites = useRows('clinicalSites');
  const attempts = useRows('skillAttempts');
  const contacts = useRows('patientContacts');
  const hours = useRows('clinicalHours');
  const nameOf = useMemo(() => new Map(students.map((s) => [s.id, fullName(s)])), [students]);
  const siteOf = useMemo(() => recordSites([attempts ?? [], contacts ?? [], hours ?? []]), [attempts, contacts, hours]);
  const contactOf = useMemo(() => new Map((contacts ?? []).map((c) => [c.id, c])), [contacts]);
  const now = new Date().toISOString();
  const shown = filterQueue(signOffs, filters, { studentName: (id) => nameOf.get(id) ?? '', siteOf, now });
  // a desk device holds the attempts of the students it opened only, and an attempt's site is on the attempt: a site
  // filter opens the students whose sign-offs hold attempts and lists once their attempts are here, none missed
  const siteRecords = useStudentsRecords(
    filters.site ? [...new Set(signOffs.filter(holdsAttempts).map((s) => s.studentId))].sort() : undefined,
  );
  const set = (key: keyof QueueFilters) => (e: { target: { value: string } }) =>
    setChosen((f) => ({ ...f, [key]: e.target.value }));

  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Status"
          value={filters.status}
          onChange={set('status')}
          placeholder="All statuses"
          options={STATUS_OPTIONS}
        />
        {canReview && (
          <>
            <SelectField
              label="Site"
              value={filters.site}
              onChange={set('site')}
              placeholder="All sites"
              options={(sites ?? []).map((s) => [s.id, s.name] as const)}
            />
            <SelectField
              label="Preceptor"
              value={filters.preceptor}
              onChange={set('preceptor')}
              placeholder="All preceptors"
              options={preceptorOptions(signOffs)}
            />
            <TextField label="Signed from" type="date" value={filters.from} onChange={set('from')} />
            <TextField label="Signed to" type="date" value={filters.to} onChange={set('to')} />
          </>
        )}
        <TextField
          label="Search"
          type="search"
          placeholder="Preceptor, agency or student"
          value={filters.query}
          onChange={set('query')}
        />
      </div>
      {canReview && (
        <LinkConfirmations signOffs={signOffs} onShow={() => setChosen({ ...NO_FILTERS, status: 'link_confirmed' })} />
      )}
      {siteRecords !== 'here' ? (
        <RecordsNotice state={siteRecords} several />
      ) : shown.length === 0 ? (
        <EmptyState
          title="No sign-offs"
          text={signOffs.length ? 'None match these filters' : 'Sign-offs appear here once made'}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((s) => (
            <li key={s.id}>
              <SignOffCard
                signOff={s}
                state={signOffState(s, now)}
                student={nameOf.get(s.studentId) ?? 'Student'}
                canReview={canReview}
                contactOf={contactOf}
                onAction={(kind) => setAction({ signOff: s, kind })}
              />
            </li>
          ))}
        </ul>
      )}
      {action &&
        (action.kind === 'link' ? (
          <LinkDialog signOff={action.signOff} onClose={() => setAction(null)} />
        ) : (
          <ReviewDialog action={{ ...action, kind: action.kind }} onClose={() => setAction(null)} />
        ))}
    </div>
  );
}

/** Confirmations by link from addresses the program does not know: they count only once a coordinator accepts them. */
function LinkConfirmations({ signOffs, onShow }: { signOffs: readonly SignOff[]; onShow: () => void }) {
  const waiting = signOffs.filter((s) => s.status === 'link_confirmed').length;
  if (waiting === 0) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      {plural(waiting, 'confirmation', 'confirmations')} by link from an address the program does not know or from a
      link staff handed out, waiting for a coordinator to accept.
      <button type="button" className={buttonClass('secondary')} onClick={onShow}>
        Show them
      </button>
    </div>
  );
}

/** Why the preceptor has no link in their inbox yet: mailing failed and waits to try again, or was given up. */
function MailProblem({ signOff: s }: { signOff: SignOff }) {
  if (s.mailFailure) {
    return (
      <p className="text-sm text-red-700">
        The e-mail to {s.preceptor.contact} failed: {s.mailFailure}. Check the address, or use Get link and pass it on.
      </p>
    );
  }
  if (s.mailTries === 0 || !s.mailRetryAt) return null;
  return (
    <p className="text-sm text-amber-800">
      The e-mail to {s.preceptor.contact} could not be sent yet; trying again at {formatDateTime(s.mailRetryAt)}.
    </p>
  );
}

const holdsAttempts = (s: SignOff) => s.records.some((r) => r.kind === 'attempt');

const RECORD_NOUNS = [
  ['attempt', 'attempt', 'attempts'],
  ['contact', 'patient contact', 'patient contacts'],
  ['hours', 'hours entry', 'hours entries'],
] as const;

/** What a sign-off holds, by kind: '2 attempts, 1 patient contact' (kinds it has none of are left out). */
function signedRecordsText(records: readonly { kind: string }[]) {
  return RECORD_NOUNS.map(([kind, one, many]) => [records.filter((r) => r.kind === kind).length, one, many] as const)
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => plural(n, one, many))
    .join(', ');
}

function SignOffCard({
  signOff: s,
  state: status,
  student,
  canReview,
  contactOf,
  onAction,
}: {
  signOff: SignOff;
  state: SignOffStatus;
  student: string;
  canReview: boolean;
  contactOf: ReadonlyMap<string, DomainRows['patientContacts']>;
  onAction: (kind: Action['kind']) => void;
}) {
  return (
    <article
      aria-label={`Sign-off of ${student} by ${s.preceptor.name}`}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{student}</span>
        <Badge tone={STATUS_TONES[status] ?? 'slate'}>{SIGN_OFF_STATUS_LABELS[status] ?? s.status}</Badge>
        {s.chainBroken && <Badge tone="red">Device chain broken</Badge>}
      </div>
      <p className="text-sm text-slate-700">
        Signed {formatDateTime(s.capturedAt)} by {s.preceptor.name} ({s.preceptor.credential} {s.preceptor.number}),{' '}
        {s.preceptor.agency}
      </p>
      <p className="text-sm text-slate-700">{signedRecordsText(s.records)}</p>
      {s.statusNote && <p className="text-sm text-slate-600">{s.statusNote}</p>}
      {status === 'awaiting' && <MailProblem signOff={s} />}
      <SignOffDetail signOff={s} contactOf={contactOf} />
      {canReview && (
        <div className="flex flex-wrap gap-2">
          {status !== 'accepted' && status !== 'changed' && (
            <button type="button" className={buttonClass('secondary')} onClick={() => onAction('accept')}>
              {status === 'link_confirmed' ? 'Accept confirmation' : 'Accept as attested'}
            </button>
          )}
          {status !== 'changed' && (
            <button type="button" className={buttonClass('secondary')} onClick={() => onAction('ask_again')}>
              Ask again
            </button>
          )}
          {(status === 'awaiting' || status === 'expired') && (
            <button type="button" className={buttonClass('secondary')} onClick={() => onAction('link')}>
              Get link
            </button>
          )}
          {status !== 'rejected' && (
            <button type="button" className={buttonClass('danger')} onClick={() => onAction('reject')}>
              Reject
            </button>
          )}
        </div>
      )}
    </article>
  );
}

type ReviewKind = Exclude<Action['kind'], 'link'>;
const TITLES: Record<ReviewKind, string> = {
  accept: 'Accept as attested',
  reject: 'Reject sign-off',
  ask_again: 'Ask the preceptor again',
};

/** Runs a queue action through the API; asking again answers a new link, shown to pass on by hand. */
function ReviewDialog({ action, onClose }: { action: { signOff: SignOff; kind: ReviewKind }; onClose: () => void }) {
  const { online } = useWriter();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [url, setUrl] = useState<string | null>(null);
  const { signOff, kind } = action;

  const run = async () => {
    const result = await online(
      () => signOffsApi[':id'].review.$post({ param: { id: signOff.id }, json: { action: kind, note } }),
      OUTCOME,
    );
    if (!result.ok) return setError(result.fields.note);
    if (result.data.url) setUrl(result.data.url);
    else onClose();
  };

  return (
    <Modal title={TITLES[kind]} open onClose={onClose}>
      {url ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Send this link to {signOff.preceptor.name} ({signOff.preceptor.contact}). It works once, for 7 days.
          </p>
          <TextField label="Confirmation link" readOnly value={url} onFocus={(e) => e.target.select()} />
          <button type="button" className={buttonClass()} onClick={onClose}>
            Done
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <TextAreaField
            label={kind === 'accept' ? 'Why it is accepted (required)' : 'Note'}
            value={note}
            error={error}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="button" className={buttonClass(kind === 'reject' ? 'danger' : 'primary')} onClick={run}>
            {TITLES[kind]}
          </button>
        </div>
      )}
    </Modal>
  );
}

const OUTCOME = { success: 'Sign-off updated', failure: 'Failed to update the sign-off' };
