import { createFileRoute } from '@tanstack/react-router';

import { RequestsPage } from '#web/features/requests/requests-page.tsx';

export const Route = createFileRoute('/_app/requests')({ component: RequestsPage });
