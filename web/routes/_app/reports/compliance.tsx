import { createFileRoute } from '@tanstack/react-router';

import { ComplianceReportsPage } from '#web/features/reports/compliance-page.tsx';

export const Route = createFileRoute('/_app/reports/compliance')({ component: ComplianceReportsPage });
