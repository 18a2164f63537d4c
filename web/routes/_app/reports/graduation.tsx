import { createFileRoute } from '@tanstack/react-router';

import { GraduationReportsPage } from '#web/features/reports/graduation-page.tsx';

export const Route = createFileRoute('/_app/reports/graduation')({ component: GraduationReportsPage });
