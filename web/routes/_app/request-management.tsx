import { createFileRoute } from '@tanstack/react-router';

import { RequestManagementPage } from '#web/features/request-management/request-management-page.tsx';

export const Route = createFileRoute('/_app/request-management')({ component: RequestManagementPage });
