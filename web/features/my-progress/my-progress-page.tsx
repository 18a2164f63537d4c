/**
 * My progress: a student's home. Answers "how far am I from graduating?" at a glance from the device database (so it
 * works offline); each card opens the screen with the detail behind its figures.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import type { CountAgainstMinimum } from '#schema/contact-figures.ts';
import { type ProgramType, VERIFIER_WORDS } from '#schema/enums.ts';
import { pluralNoun } from '#schema/plural.ts';
import { refusedHoursNote } from '#schema/student-summary.ts';
import { useBelowFirstView, useFirstSyncSettled } from '#web/lib/data.ts';
import { formatDate, formatDateTime, plural, type Tone } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.tsx';
import { Badge, EmptyState, Loading, ProgressBar } from '#web/lib/ui/display.tsx';
import { InstallHint } from '#web/lib/ui/install-hint.tsx';
import { lazyPart } from '#web/lib/ui/lazy-part.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import { BookLine, useCandidateBooks } from '../task-book/index.ts';
import {
  type MyProgress,
  type Pace,
  paceOf,
  type SettingFigure,
  type Upcoming,
  type UpcomingShifts,
} from './my-progress-figures.ts';
import { useMyProgress } from './use-my-progress.ts';

// fire and police students only, and its forms and dialog are not part of the home's first JavaScript
const RecordedEntries = lazyPart(
  () => import('../patient-contacts/index.ts'),
  (m) => m.RecordedEntries,
  'Your logged contacts and hours',
);
// a police recruit's only: its code loads with it, not with every student's home
const FieldTrainingLine = lazyPart(
  () => import('../dor/index.ts'),
  (m) => m.FieldTrainingLine,
  'Your field training',
);

/** A card whose heading link covers the whole card, so a thumb anywhere on it opens the detail. */
function FigureCard({
  title,
  to,
  hash,
  search,
  children,
}: {
  title: string;
  to: string;
  hash?: string;
  search?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <section className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-700 focus-within:ring-2 focus-within:ring-brand-700">
      <h3 className="mb-2 flex items-center justify-between text-base font-semibold text-slate-900">
        <Link to={to} hash={hash} search={search} className="after:absolute after:inset-0 focus:outline-none">
          {title}
        </Link>
        <span aria-hidden className="text-slate-500">
          ›
        </span>
      </h3>
      {children}
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-0.5 text-sm">
      <dt className="text-slate-700">
        {label}
        {note && <span className="block text-xs text-slate-500">{note}</span>}
      </dt>
      <dd className="shrink-0 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

const PACE_SHOWN: Record<Pace, { label: string; tone: Tone }> = {
  ahead: { label: 'Ahead', tone: 'green' },
  'on pace': { label: 'On pace', tone: 'green' },
  'a little behind': { label: 'A little behind', tone: 'yellow' },
  behind: { label: 'Behind', tone: 'red' },
};

/** The bar's colour and words read the figure against the program's calendar, not against the finish line. */
function PaceBar({ percent, passed, label }: { percent: number; passed: number; label: string }) {
  const pace = PACE_SHOWN[paceOf(percent, passed)];
  return (
    <>
      <ProgressBar percent={percent} tone={pace.tone} label={label} />
      <p className="mt-1 text-xs text-slate-600">
        <span className="font-medium text-slate-800">{pace.label}</span>: {passed}% of your program&apos;s time has
        passed
      </p>
    </>
  );
}

/** What a skill's figure counts, in the discipline's words: a fire candidate's skills are their task book's JPRs. */
const SKILL_WORDS = {
  fire: { counted: 'JPRs signed', note: 'JPRs of your task book signed as passed.' },
  other: {
    counted: 'skills at their minimum',
    note: 'Verified successful attempts; a skill counts up to its own minimum.',
  },
};

function SkillsCard({ figures, tracker, programType }: { figures: MyProgress; tracker: string; programType: string }) {
  const { summary } = figures;
  const words = programType === 'fire' ? SKILL_WORDS.fire : SKILL_WORDS.other;
  const settings = figures.settings.filter((s) => s.required > 0 || s.successful > 0);
  return (
    <FigureCard title="Skills" to={tracker}>
      <p className="mb-1 text-2xl font-bold text-slate-900">
        {summary.skillsCompleted} <span className="text-base font-medium text-slate-600">of {summary.totalSkills}</span>
      </p>
      <p className="mb-2 text-sm text-slate-600">
        {words.counted} ({summary.progressPercentage}% overall)
      </p>
      <PaceBar percent={summary.progressPercentage} passed={figures.timePassed} label="Skills progress" />
      {settings.length > 0 && (
        <dl className="mt-3" aria-label="Successful attempts by setting">
          {settings.map((s) => (
            <Figure key={s.setting} label={s.label} value={settingValue(s)} />
          ))}
        </dl>
      )}
      <p className="mt-2 text-xs text-slate-500">{words.note}</p>
    </FigureCard>
  );
}

const settingValue = (s: SettingFigure) =>
  s.required > 0 ? `${s.met} of ${s.required} required` : plural(s.successful, 'successful', 'successful');

/**
 * "12 verified · 3 awaiting verification": what a preceptor's or staff's word stands behind, and what waits for one;
 * hours a refused sign-off held wait for nobody, so they are named apart with what to do about them.
 */
function VerifiedApart({
  verified,
  awaiting,
  refused = 0,
  unit = '',
}: {
  verified: number;
  awaiting: number;
  refused?: number;
  unit?: string;
}) {
  return (
    <p className="mb-2 text-sm text-slate-600">
      {verified}
      {unit} verified · {awaiting}
      {unit} awaiting verification
      {refused > 0 && <span className="text-red-800"> · {refusedHoursNote(refused)}</span>}
    </p>
  );
}

function HoursCard({ figures, link }: { figures: MyProgress; link: CardLink }) {
  const { summary } = figures;
  const percent = summary.requiredHours > 0 ? Math.round((summary.totalHours / summary.requiredHours) * 100) : 100;
  return (
    <FigureCard title="Hours" {...link}>
      <p className="mb-1 text-2xl font-bold text-slate-900">
        {summary.totalHours}{' '}
        <span className="text-base font-medium text-slate-600">of {summary.requiredHours} h required</span>
      </p>
      <VerifiedApart
        verified={summary.totalHours}
        awaiting={summary.awaitingHours}
        refused={summary.refusedHours}
        unit=" h"
      />
      <PaceBar percent={percent} passed={figures.timePassed} label="Hours against the requirement" />
      <dl className="mt-3">
        <Figure label="Clinical" value={`${summary.clinicalHours} h`} />
        <Figure label="Field" value={`${summary.fieldHours} h`} />
        <Figure label="Still to do" value={`${figures.hoursLeft} h`} />
      </dl>
    </FigureCard>
  );
}

interface CardLink {
  to: string;
  hash?: string;
  search?: Record<string, string>;
}

/**
 * Where the Hours and Upcoming assessments cards lead: for EMS the tracker's contacts and hours panel and skill
 * entry's schedule; fire and police have neither, and their own tracker holds their skills, dates and progress.
 */
function cardLinks(programType: string): { hours: CardLink; assessments: CardLink } {
  const tracker = `/${programType}/competency-tracker`;
  if (programType !== 'ems') return { hours: { to: tracker }, assessments: { to: tracker } };
  return {
    hours: { to: tracker, hash: 'patient-contacts' },
    assessments: { to: '/ems/skill-entry', search: { tab: 'scheduled' } },
  };
}

const SHORT_SHOWN = 4;
const metCount = (rows: readonly CountAgainstMinimum[]) => rows.filter((r) => r.count >= r.minimum).length;

function ContactsCard({ contacts }: { contacts: NonNullable<MyProgress['contacts']> }) {
  const short = [...contacts.byAgeBand, ...contacts.byPathology].filter((r) => r.count < r.minimum);
  return (
    <FigureCard title="Patient contacts (SMC)" to="/ems/competency-tracker" hash="patient-contacts">
      <p className="mb-2 text-2xl font-bold text-slate-900">
        {contacts.total}{' '}
        <span className="text-base font-medium text-slate-600">{pluralNoun(contacts.total, 'patient contact')}</span>
      </p>
      <VerifiedApart verified={contacts.total} awaiting={contacts.awaiting} />
      <dl>
        <Figure
          label="By age"
          value={`${metCount(contacts.byAgeBand)} of ${plural(contacts.byAgeBand.length, 'group')} met`}
        />
        <Figure
          label="By pathology"
          value={`${metCount(contacts.byPathology)} of ${plural(contacts.byPathology.length, 'group')} met`}
        />
        {contacts.teamLeads && (
          <Figure label="Team leads" value={`${contacts.teamLeads.count} of ${contacts.teamLeads.minimum}`} />
        )}
      </dl>
      {short.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          Still short:{' '}
          {short
            .slice(0, SHORT_SHOWN)
            .map((r) => `${r.label} ${r.count} of ${r.minimum}`)
            .join(' · ')}
          {short.length > SHORT_SHOWN &&
            `, and ${plural(short.length - SHORT_SHOWN, 'more group')} (open for the full table)`}
        </p>
      )}
    </FigureCard>
  );
}

/** What waits for the one who verifies it, called as the student's discipline calls them. */
function WaitingCard({ waiting, programType }: { waiting: MyProgress['waiting']; programType: string }) {
  const nothing = Object.values(waiting).every((n) => n === 0);
  const words = VERIFIER_WORDS[programType as ProgramType] ?? VERIFIER_WORDS.ems;
  return (
    <FigureCard title={words.waiting} to="/sign-offs">
      {nothing ? (
        <p className="text-sm text-slate-700">Everything you logged is verified.</p>
      ) : (
        <dl>
          <Figure label="Attempts awaiting verification" note={words.notCounted} value={waiting.unverifiedAttempts} />
          {waiting.unverifiedContacts > 0 && (
            <Figure label="Patient contacts awaiting verification" value={waiting.unverifiedContacts} />
          )}
          {waiting.unverifiedHours > 0 && (
            <Figure label="Hours awaiting verification" value={`${waiting.unverifiedHours} h`} />
          )}
          {waiting.refusedHours > 0 && (
            <Figure
              label="Hours not verified: refused"
              note="Sign them off again"
              value={`${waiting.refusedHours} h`}
            />
          )}
          <Figure label="Sign-offs awaiting confirmation" value={waiting.awaitingConfirmation} />
          {waiting.awaitingCoordinator > 0 && (
            <Figure label="Sign-offs awaiting a coordinator" value={waiting.awaitingCoordinator} />
          )}
          {waiting.expiredLinks > 0 && <Figure label="Confirmation links expired" value={waiting.expiredLinks} />}
          <Figure label="Records not yet signed" value={waiting.unsigned} />
        </dl>
      )}
    </FigureCard>
  );
}

function UpcomingList({ items, empty, when }: { items: Upcoming[]; empty: string; when: (u: Upcoming) => string }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="text-sm">
      {items.map((u) => (
        <li key={u.id} className="flex justify-between gap-3 py-0.5">
          <span className="text-slate-800">
            {u.title}
            {u.pending && (
              <span className="ml-2">
                <Badge tone="yellow">Pending sync</Badge>
              </span>
            )}
          </span>
          <span className="shrink-0 text-slate-600">{when(u)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The booked shifts ahead, as My Shifts reads them; one booked on this phone shows at once, pending until synced. */
function ShiftsCard({ shifts }: { shifts: UpcomingShifts }) {
  return (
    <FigureCard title="Upcoming shifts" to="/shifts">
      {shifts.confirmed + shifts.pending > 0 && (
        <p className="mb-1 text-sm text-slate-600">
          {plural(shifts.confirmed, 'shift')} booked{shifts.pending > 0 && ` · ${shifts.pending} pending sync`}
        </p>
      )}
      <UpcomingList items={shifts.next} empty="No shifts booked ahead." when={(u) => formatDateTime(u.when)} />
    </FigureCard>
  );
}

function MessagesCard({ unread }: { unread: number }) {
  return (
    <FigureCard title="Messages" to="/messages">
      <p className="text-2xl font-bold text-slate-900">
        {unread} <span className="text-base font-medium text-slate-600">unread</span>
      </p>
    </FigureCard>
  );
}

/** A fire candidate's task book, what they are here for: JPRs signed of those required and where the book stands. */
function OwnTaskBook({ studentId }: { studentId: string }) {
  const figures = useCandidateBooks()?.get(studentId);
  return figures ? <BookLine studentId={studentId} figures={figures} /> : null;
}

export function MyProgressPage() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : '';
  const home = useMyProgress(userId);
  const belowFirstView = useBelowFirstView();
  const firstSyncSettled = useFirstSyncSettled();
  // these keep the screen's height: what the home draws below the figures (My Shifts) stays out of sight until they
  // come, instead of showing under a short line and jumping away (Lighthouse: layout shift 0.14). During the first
  // sync the student's record can arrive after the card's rows.
  if (!home || home.state === 'no-record')
    return (
      <div className="min-h-dvh">
        {!home ? (
          <Loading text="Loading your progress..." />
        ) : firstSyncSettled ? (
          <EmptyState
            title="No student record on this device yet"
            text="Your program links your account to your student record; it appears here after the next sync."
          />
        ) : (
          // a first visit: the record is on its way, not missing (and this, drawn as soon as the device is open, is
          // the screen's largest text until the figures come: Lighthouse's LCP)
          <EmptyState
            title="Bringing your records to this device"
            text="Your skills, hours and sign-offs appear here as they arrive, and stay on this device for use with no signal."
          />
        )}
      </div>
    );
  const { figures } = home;
  const tracker = `/${home.programType}/competency-tracker`;
  const links = cardLinks(home.programType);
  const days = figures.daysToGraduation;
  return (
    <section className="flex flex-col gap-4">
      <div>
        {/* the phone's header already says "My progress": the heading stays for screen readers, the line is saved */}
        <h2 className="sr-only text-2xl font-bold text-slate-900 sm:not-sr-only">My progress</h2>
        <p className="text-sm text-slate-600">
          {home.programName} · expected graduation {formatDate(home.expectedGraduation)}
          {days >= 0 ? ` (${plural(days, 'day')} left)` : ` (${plural(-days, 'day')} ago)`}
        </p>
      </div>
      {/* what a student does most on a shift, the first thing on their home: skill entry's one-tap card */}
      {home.programType === 'ems' && (
        <div className="flex flex-wrap gap-2">
          <Link to="/ems/skill-entry" className={buttonClass('primary')}>
            Log a skill
          </Link>
          <Link to="/portfolio/$studentId" params={{ studentId: home.studentId }} className={buttonClass('secondary')}>
            My portfolio
          </Link>
        </div>
      )}
      <InstallHint />
      {home.programType === 'fire' && <OwnTaskBook studentId={home.studentId} />}
      {home.programType === 'police' && <FieldTrainingLine studentId={home.studentId} />}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SkillsCard figures={figures} tracker={tracker} programType={home.programType} />
        <HoursCard figures={figures} link={links.hours} />
        {figures.contacts && <ContactsCard contacts={figures.contacts} />}
        <WaitingCard waiting={figures.waiting} programType={home.programType} />
        <FigureCard title="Upcoming assessments" {...links.assessments}>
          <UpcomingList items={figures.assessments} empty="None scheduled." when={(u) => formatDate(u.when)} />
        </FigureCard>
        <ShiftsCard shifts={figures.shifts} />
        <MessagesCard unread={figures.unreadMessages} />
      </div>
      {/* an EMS student corrects these in the tracker's contacts and hours panel, where the Hours card leads */}
      {home.programType !== 'ems' && belowFirstView && <RecordedEntries studentId={home.studentId} asCard />}
    </section>
  );
}
