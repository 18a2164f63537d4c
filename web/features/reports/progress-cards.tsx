import type { ReactNode } from 'react';

import { fieldTrainingText } from '#schema/dor-progress.ts';
import { FIGURES } from '#schema/figures.ts';
import { bookStateLabel } from '#schema/fire-task-book.ts';
import { type ProgramSummary, type ProgressReport, TOTAL_HOURS_LABEL } from '#schema/reports.ts';
import { formatDate, plural, progressTone } from '#web/lib/format.ts';
import { AboutFigure } from '#web/lib/ui/about-figure.tsx';
import { Badge, Card, ProgressBar } from '#web/lib/ui/display.tsx';

import { programTypeLabel, PROGRESS_STATUS_LABELS, PROGRESS_STATUS_TONES } from './labels.ts';
import { GpaBadge } from './report-badges.tsx';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Verified attempts count toward the minimums; the rest wait for a preceptor's confirmation or a review. */
function AttemptCounts({ report }: { report: ProgressReport }) {
  return (
    <>
      {report.verifiedAttempts} verified
      {report.unverifiedAttempts > 0 && (
        <span className="block text-xs font-normal text-amber-800">
          {report.unverifiedAttempts} awaiting verification
        </span>
      )}
    </>
  );
}

export function ProgramSummaryCard({ summary }: { summary: ProgramSummary }) {
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-900">{summary.programName}</h3>
          <p className="text-sm text-slate-600">{plural(summary.totalStudents, 'student')}</p>
        </div>
        <span className="shrink-0">
          <Badge>{programTypeLabel(summary.programType)}</Badge>
        </span>
      </div>
      <div>
        <div className="mb-1 flex items-center justify-between text-sm">
          <span className="flex items-center text-slate-700">
            {FIGURES.averageProgress.name}
            <AboutFigure figure={FIGURES.averageProgress} />
          </span>
          <span className="font-semibold">{summary.averageProgress}%</span>
        </div>
        <ProgressBar
          percent={summary.averageProgress}
          tone={progressTone(summary.averageProgress)}
          label={`${summary.programName} average progress`}
        />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Fact label="Completion Rate" value={`${summary.completionRate}%`} />
        <Fact label="Average GPA" value={<GpaBadge gpa={summary.averageGPA} />} />
        <Fact label="On Track" value={summary.onTrackStudents} />
        <Fact label="At Risk" value={summary.atRiskStudents} />
      </dl>
    </Card>
  );
}

export function StudentProgressCard({ report }: { report: ProgressReport }) {
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{report.studentName}</h3>
          <p className="text-sm text-slate-600">
            {report.studentId} · {report.programName}
          </p>
        </div>
        <span className="shrink-0">
          <Badge tone={PROGRESS_STATUS_TONES[report.status]}>{PROGRESS_STATUS_LABELS[report.status]}</Badge>
        </span>
      </div>
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-slate-700">Overall Progress</span>
          <span className="font-semibold">{report.overallProgress}%</span>
        </div>
        <ProgressBar
          percent={report.overallProgress}
          tone={progressTone(report.overallProgress)}
          label={`${report.studentName} overall progress`}
        />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Fact label="Skills" value={`${report.skillsCompleted}/${report.skillsTotal}`} />
        <Fact label="Attempts" value={<AttemptCounts report={report} />} />
        <Fact label={TOTAL_HOURS_LABEL} value={`${report.clinicalHours}/${report.requiredHours}`} />
        <Fact label="GPA" value={<GpaBadge gpa={report.gpa} />} />
        <Fact label="Expected Graduation" value={formatDate(report.expectedGraduation)} />
        {report.taskBook && (
          <Fact
            label="Task book"
            value={`${report.taskBook.signed}/${report.taskBook.required} JPRs · ${bookStateLabel(report.taskBook.state)}`}
          />
        )}
        {report.fieldTraining && <Fact label="Field training" value={fieldTrainingText(report.fieldTraining)} />}
        <Fact label="Last Activity" value={report.lastActivity ? formatDate(report.lastActivity) : 'No activity yet'} />
      </dl>
    </Card>
  );
}
