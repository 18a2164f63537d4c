import { daysRemainingTone, gpaTone } from '#web/lib/format.ts';
import { Badge } from '#web/lib/ui/display.tsx';

import { daysRemainingText, formatGpa } from './report-rules.ts';

export function GpaBadge({ gpa }: { gpa: number | null }) {
  return gpa === null ? (
    <span className="font-normal text-slate-600">{formatGpa(gpa)}</span>
  ) : (
    <Badge tone={gpaTone(gpa)}>{formatGpa(gpa)}</Badge>
  );
}

export function DaysRemainingBadge({ days }: { days: number }) {
  return <Badge tone={daysRemainingTone(days)}>{daysRemainingText(days)}</Badge>;
}
