import { CONFIDENCE_LABELS } from '#schema/enums.ts';
import type { ComplianceRecord } from '#schema/reports.ts';
import { confidenceDisplay, formatDate } from '#web/lib/format.ts';
import { Badge, Card, ProgressBar } from '#web/lib/ui/display.tsx';

import { COMPLIANCE_STATUS_LABELS, COMPLIANCE_STATUS_TONES, PRIORITY_LABELS, PRIORITY_TONES } from './labels.ts';

export function ComplianceRecordCard({ record }: { record: ComplianceRecord }) {
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{record.requirement}</h3>
          <p className="text-sm text-slate-600">{record.programName}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Badge>{record.standardType}</Badge>
          <Badge tone={COMPLIANCE_STATUS_TONES[record.status]}>{COMPLIANCE_STATUS_LABELS[record.status]}</Badge>
          <Badge tone={PRIORITY_TONES[record.priority]}>{PRIORITY_LABELS[record.priority]} priority</Badge>
        </div>
      </div>
      {record.description && <p className="text-sm break-words text-slate-700">{record.description}</p>}
      <div>
        <div className="mb-1 flex justify-between text-sm">
          <span className="text-slate-700">Compliance</span>
          <span className="font-semibold">{record.compliancePercentage}%</span>
        </div>
        <ProgressBar
          percent={record.compliancePercentage}
          tone={COMPLIANCE_STATUS_TONES[record.status]}
          label={`${record.requirement} compliance`}
        />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-600">Last Review</dt>
          <dd className="font-medium">{formatDate(record.lastReview) || 'Not reviewed'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Next Review</dt>
          <dd className="font-medium">{formatDate(record.nextReview) || 'Not scheduled'}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-slate-600">Responsible</dt>
          <dd className="font-medium">{record.responsiblePerson}</dd>
        </div>
        {record.notes && (
          <div className="col-span-2">
            <dt className="text-xs text-slate-600">Notes</dt>
            <dd className="break-words text-slate-700">{record.notes}</dd>
          </div>
        )}
        {record.confidence && (
          <>
            <div className="col-span-2">
              <dt className="text-xs text-slate-600">Source</dt>
              <dd className="break-words text-slate-700">{record.source ?? 'Not recorded'}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-600">Confidence</dt>
              <dd>
                <Badge tone={confidenceDisplay(record.confidence).tone}>{CONFIDENCE_LABELS[record.confidence]}</Badge>
              </dd>
            </div>
          </>
        )}
      </dl>
    </Card>
  );
}
