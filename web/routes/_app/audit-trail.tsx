import { createFileRoute } from '@tanstack/react-router';
import { AuditTrailPage } from '../../features/audit-trail/audit-trail-page.tsx';

export const Route = createFileRoute('/_app/audit-trail')({ component: AuditTrailPage });
