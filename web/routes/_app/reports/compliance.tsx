import { createFileRoute } from '@tanstack/react-router';
import { ComplianceReportsPage } from '../../../features/reports/compliance-page.tsx';

export const Route = createFileRoute('/_app/reports/compliance')({ component: ComplianceReportsPage });
