import { type Confidence, CONFIDENCE_LABELS } from '#schema/enums.ts';
import { confidenceDisplay } from '#web/lib/format.ts';
import { Badge } from '#web/lib/ui/display.tsx';

/**
 * How far the seeded standards text can be trusted, and where it came from (see api/seed/standards/README.md). Only
 * the standards seed writes `confidence`, always one of CONFIDENCE_LEVELS.
 */
export function ConfidenceFlag({ confidence, source }: { confidence: string; source: string | null }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <Badge tone={confidenceDisplay(confidence).tone}>{CONFIDENCE_LABELS[confidence as Confidence]}</Badge>
      {source && <span className="min-w-0 break-words">Source: {source}</span>}
    </p>
  );
}
