import type { RequestStatus } from '#schema/enums.ts';
import { Badge } from '#web/lib/ui/display.tsx';

import { STATUS_LABELS, STATUS_TONES } from './request-rules.ts';

export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={STATUS_TONES[status as RequestStatus] ?? 'slate'}>
      {STATUS_LABELS[status as RequestStatus] ?? status}
    </Badge>
  );
}
