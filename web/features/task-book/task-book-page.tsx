/**
 * A fire candidate's NFPA 1001 task book, from the device's rows (offline): the candidate starts it, evaluators sign
 * each JPR (on their own phone or the candidate's), the final evaluator verifies it and the certifying official signs
 * last. Buttons show only where the matrix lets the role act (and, for the book's signatures, only to someone who acts
 * for the candidate's program); the server and the device refuse the rest.
 */
import { useMemo, useState } from 'react';

import { actsForProgram } from '#schema/attestation.ts';
import { localDay } from '#schema/dates.ts';
import { CERTIFICATION_LEVEL_LABELS, type CertificationLevel } from '#schema/enums.ts';
import {
  type BookFigures,
  JPR_METHOD_LABELS,
  type JprMethod,
  signsJpr,
  type TaskBookRules,
  taskBookRulesOf,
} from '#schema/fire-task-book.ts';
import { can } from '#schema/permissions.ts';
import { useRow, useRows, useRowsWhere } from '#web/lib/data.ts';
import { formatDate, fullName, plural } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { Badge, Card, EmptyState, Loading } from '#web/lib/ui/display.tsx';
import { SelectField } from '#web/lib/ui/fields.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';
import { useTaskBookWrites } from '#web/lib/writes/task-book.ts';

import { CosignCode } from '../sign-offs/index.ts';
import { BookLine } from './book-line.tsx';
import { BookSignDialog } from './book-sign-dialog.tsx';
import { JprAttempts } from './jpr-attempts.tsx';
import { JprSheet } from './jpr-sheet.tsx';
import { useCandidateBooks } from './use-candidate-books.ts';

type JprRecord = ReturnType<typeof useRows<'jprSignOffs'>> extends (infer R)[] | undefined ? R : never;

/**
 * The JPR's line: signed (by whom, when), passed in training where the program signs those again, its failed
 * attempts, or not attempted.
 */
function JprStatus({ records, rules }: { records: JprRecord[]; rules: TaskBookRules }) {
  const signed = records.find((r) => signsJpr(r, rules));
  if (signed) {
    return (
      <span className="text-xs text-slate-700">
        <Badge tone="green">Signed</Badge> {formatDate(signed.performedOn)} by {signed.evaluatorName} (
        {JPR_METHOD_LABELS[signed.method as JprMethod]}, attempt {signed.attemptNumber})
      </span>
    );
  }
  const inTraining = records.find((r) => r.passed && r.inTraining);
  if (inTraining) {
    return (
      <span className="text-xs text-amber-800">
        Passed in training {formatDate(inTraining.performedOn)}: the program requires it signed again
      </span>
    );
  }
  if (records.length === 0) return <span className="text-xs text-slate-600">Not attempted</span>;
  const failedSteps = records[0].steps.filter((s) => !s.passed).map((s) => s.step);
  return (
    <span className="text-xs text-amber-800">
      {plural(records.length, 'failed attempt')}, last {formatDate(records[0].performedOn)}
      {failedSteps.length > 0 && ` (failed: ${failedSteps.join(', ')})`}
    </span>
  );
}

function BookSignatures({
  book,
}: {
  book: {
    verifiedName: string | null;
    verifiedAt: string | null;
    certifiedName: string | null;
    certifiedAt: string | null;
  };
}) {
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">Final evaluator</dt>
        <dd className="font-medium text-slate-900">
          {book.verifiedName ? `${book.verifiedName}, ${formatDate(book.verifiedAt!)}` : 'Not yet verified'}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Certifying official</dt>
        <dd className="font-medium text-slate-900">
          {book.certifiedName ? `${book.certifiedName}, ${formatDate(book.certifiedAt!)}` : 'Not yet certified'}
        </dd>
      </div>
    </dl>
  );
}

export function TaskBookPage({
  studentId,
  onPickStudent,
}: {
  studentId?: string;
  onPickStudent: (id: string) => void;
}) {
  const session = useSession();
  const me = session.status === 'signed-in' ? session.user : undefined;
  const role = me?.role ?? 'student';
  const students = useRows('students');
  const programs = useRowsWhere('programs', 'type', 'fire');
  const figures = useCandidateBooks();
  const candidates = useMemo(
    () => (students ?? []).filter((s) => figures?.has(s.id)).sort((a, b) => fullName(a).localeCompare(fullName(b))),
    [students, figures],
  );
  const own = candidates.find((s) => s.userId === me?.id);
  const candidate = own ?? candidates.find((s) => s.id === studentId) ?? candidates[0];

  if (!students || !programs || !figures) return <Loading text="Loading task books..." />;
  return (
    <section className="flex flex-col gap-4">
      <div>
        <h2 className="text-xl font-bold text-slate-900">Fire Task Book</h2>
        <p className="text-sm text-slate-600">
          NFPA 1001 job performance requirements, each signed by an evaluator; verified by the final evaluator and
          certified by the agency.
        </p>
      </div>
      {!own && candidates.length > 0 && (
        <SelectField
          label="Candidate"
          className="w-full sm:w-80"
          value={candidate?.id ?? ''}
          onChange={(e) => onPickStudent(e.target.value)}
          options={candidates.map((s) => [s.id, fullName(s)] as const)}
        />
      )}
      {role !== 'student' && can(role, 'taskBooks.evaluate') && <CosignCode use="jpr" />}
      {candidate ? (
        <CandidateBook
          studentId={candidate.id}
          level={programs.find((p) => p.id === candidate.programId)?.certificationLevel ?? ''}
          name={fullName(candidate)}
          figures={figures.get(candidate.id)!}
          rules={taskBookRulesOf(programs.find((p) => p.id === candidate.programId)?.taskBookRules)}
          onOwnPhone={candidate.userId === me?.id}
          role={role}
          userId={me?.id}
        />
      ) : (
        <EmptyState
          title="No fire candidates"
          text="No students of a Fire Fighter I or II program are on this device"
        />
      )}
    </section>
  );
}

function CandidateBook({
  studentId,
  level,
  name,
  figures,
  rules,
  onOwnPhone,
  role,
  userId,
}: {
  studentId: string;
  /** The certification level of the candidate's program: the book's level. */
  level: string;
  name: string;
  figures: BookFigures;
  /** The program's task-book rules: whether a pass in training signs its JPR. */
  rules: TaskBookRules;
  onOwnPhone: boolean;
  role: Parameters<typeof can>[0];
  userId: string | undefined;
}) {
  const writes = useTaskBookWrites();
  const books = useRowsWhere('taskBooks', 'studentId', studentId);
  const jprs = useRowsWhere('skills', '[programType+certificationLevel]', ['fire', level]);
  const book = books?.find((b) => b.level === level);
  const records = useRowsWhere('jprSignOffs', 'taskBookId', book?.id);
  const program = useRow('programs', book?.programId);
  const memberships = useRowsWhere('programMembers', 'userId', userId);
  const [signing, setSigning] = useState<{
    id: string;
    name: string;
    reference: string | null;
    sheet: string[];
  } | null>(null);
  const [bookStep, setBookStep] = useState<'verify' | 'certify' | null>(null);

  // a signed JPR must never show as "Not attempted" while its records are still being read
  if (!books || !jprs || !records) return <Loading text="Loading the task book..." />;
  const levelLabel = CERTIFICATION_LEVEL_LABELS[level as CertificationLevel] ?? 'Fire';
  const mayEvaluate = onOwnPhone || can(role, 'taskBooks.evaluate');
  // the book is signed only by someone who acts for the candidate's program, as the server and the device ask
  const signsForProgram =
    !!book &&
    !!userId &&
    actsForProgram({
      userId,
      role,
      programDirectorId: program?.directorId ?? null,
      assignedRole: memberships?.find((m) => m.programId === book.programId)?.assignedRole ?? null,
    });
  const sorted = [...jprs].sort((a, b) =>
    (a.standardReference ?? '').localeCompare(b.standardReference ?? '', undefined, { numeric: true }),
  );
  const newestFirst = [...records].sort((a, b) => b.performedOn.localeCompare(a.performedOn));

  return (
    <Card>
      <div className="flex flex-col gap-3">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
          <p className="text-sm text-slate-700">{levelLabel} task book</p>
        </div>
        {figures && <BookLine studentId={studentId} figures={figures} showLink={false} />}
        {!book ? (
          (onOwnPhone || (role !== 'student' && can(role, 'taskBooks.start'))) && (
            <button
              type="button"
              className={buttonClass('primary', 'self-start')}
              onClick={() => void writes.start({ id: crypto.randomUUID(), studentId, startedOn: localDay(new Date()) })}
            >
              Start task book
            </button>
          )
        ) : (
          <>
            <BookSignatures book={book} />
            <div className="flex flex-wrap gap-2">
              {book.state === 'started' && !onOwnPhone && signsForProgram && can(role, 'taskBooks.verify') && (
                <button type="button" className={buttonClass('secondary')} onClick={() => setBookStep('verify')}>
                  Verify book as final evaluator
                </button>
              )}
              {book.state === 'verified' &&
                !onOwnPhone &&
                signsForProgram &&
                can(role, 'taskBooks.certify') &&
                book.verifiedBy !== userId && (
                  <button type="button" className={buttonClass('secondary')} onClick={() => setBookStep('certify')}>
                    Certify as agency official
                  </button>
                )}
            </div>
            <ul aria-label="JPRs" className="flex flex-col gap-2">
              {sorted.map((jpr) => {
                const mine = newestFirst.filter((r) => r.skillId === jpr.id);
                const signed = mine.some((r) => signsJpr(r, rules));
                return (
                  <li key={jpr.id} className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-slate-50 p-3">
                    <span className="text-sm font-medium text-slate-900">{jpr.name}</span>
                    {jpr.standardReference && <span className="text-xs text-slate-600">{jpr.standardReference}</span>}
                    <JprStatus records={mine} rules={rules} />
                    <JprAttempts records={mine} />
                    {book.state === 'started' && mayEvaluate && !signed && (
                      <button
                        type="button"
                        className={buttonClass('secondary', 'self-start')}
                        onClick={() =>
                          setSigning({
                            id: jpr.id,
                            name: jpr.name,
                            reference: jpr.standardReference,
                            sheet: (mine[0]?.steps ?? []).map((s) => s.step),
                          })
                        }
                      >
                        Sign JPR
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
      {book && signing && (
        <JprSheet
          open
          onClose={() => setSigning(null)}
          taskBookId={book.id}
          jpr={signing}
          sheet={signing.sheet}
          onCandidatePhone={onOwnPhone}
        />
      )}
      {book && bookStep && <BookSignDialog taskBookId={book.id} step={bookStep} onClose={() => setBookStep(null)} />}
    </Card>
  );
}
