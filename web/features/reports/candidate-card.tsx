import type { ReactNode } from 'react';

import { type GraduationCandidate, TOTAL_HOURS_LABEL } from '#schema/reports.ts';
import { barPercent, formatDate, progressTone } from '#web/lib/format.ts';
import { Badge, Card, ProgressBar } from '#web/lib/ui/display.tsx';

import { GRADUATION_STATUS_LABELS, GRADUATION_STATUS_TONES } from './labels.ts';
import { DaysRemainingBadge, GpaBadge } from './report-badges.tsx';
import { firstOf } from './report-rules.ts';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function Meter({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="text-slate-700">{label}</span>
        <span className="font-semibold">{value}</span>
      </div>
      {children}
    </div>
  );
}

export function CandidateCard({ candidate: c }: { candidate: GraduationCandidate }) {
  const requirements = firstOf(c.remainingRequirements);
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{c.studentName}</h3>
          <p className="text-sm text-slate-600">
            {c.studentId} · {c.programName}
          </p>
        </div>
        <span className="shrink-0">
          <Badge tone={GRADUATION_STATUS_TONES[c.status]}>{GRADUATION_STATUS_LABELS[c.status]}</Badge>
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700">Expected {formatDate(c.expectedGraduation)}</span>
        <DaysRemainingBadge days={c.daysRemaining} />
      </div>
      <Meter label="Overall Progress" value={`${c.overallProgress}%`}>
        <ProgressBar
          percent={c.overallProgress}
          tone={progressTone(c.overallProgress)}
          label={`${c.studentName} overall progress`}
        />
      </Meter>
      <Meter label={TOTAL_HOURS_LABEL} value={`${c.clinicalHours}/${c.requiredHours}`}>
        <ProgressBar
          percent={barPercent(c.clinicalHours, c.requiredHours)}
          tone="slate"
          label={`${c.studentName} ${TOTAL_HOURS_LABEL.toLowerCase()}`}
        />
      </Meter>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Fact label="Skills Completed" value={`${c.skillsCompleted}/${c.skillsTotal}`} />
        <Fact label="GPA" value={<GpaBadge gpa={c.gpa} />} />
      </dl>
      <div className="text-sm">
        <h4 className="font-medium text-slate-800">Remaining Requirements</h4>
        {requirements.shown.length === 0 ? (
          <p className="text-slate-600">All requirements met</p>
        ) : (
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {requirements.shown.map((r) => (
              <li key={r}>{r}</li>
            ))}
            {requirements.more && <li className="list-none font-medium text-slate-600">{requirements.more}</li>}
          </ul>
        )}
      </div>
      {c.certificationsEarned.length > 0 && (
        <div className="text-sm">
          <h4 className="font-medium text-slate-800">Certifications Earned</h4>
          <div className="mt-1 flex flex-wrap gap-1">
            {c.certificationsEarned.map((cert) => (
              <Badge key={cert} tone="green">
                {cert}
              </Badge>
            ))}
          </div>
        </div>
      )}
    </Card>
  );
}
