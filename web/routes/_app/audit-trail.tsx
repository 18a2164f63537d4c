import { createFileRoute } from '@tanstack/react-router';

import { AuditTrailPage } from '#web/features/audit-trail/audit-trail-page.tsx';

export const Route = createFileRoute('/_app/audit-trail')({ component: AuditTrailPage });
