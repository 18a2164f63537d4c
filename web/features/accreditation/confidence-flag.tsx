import { Badge } from '../../lib/ui/display.tsx';
import { confidenceDisplay } from '../../lib/format.ts';

/** How far the seeded standards text can be trusted, and where it came from (see api/seed/standards/README.md). */
export function ConfidenceFlag({ confidence, source }: { confidence: string; source: string | null }) {
  const display = confidenceDisplay(confidence);
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <Badge tone={display.tone}>
        {confidence === 'uncertain' ? 'Uncertain: verify against the standard' : display.label}
      </Badge>
      {source && <span className="min-w-0 break-words">Source: {source}</span>}
    </p>
  );
}
