import { createFileRoute } from '@tanstack/react-router';

import { ProgramManagementPage } from '#web/features/program-management/program-management-page.tsx';

export const Route = createFileRoute('/_app/program-management')({ component: ProgramManagementPage });
