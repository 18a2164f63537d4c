import { createFileRoute } from '@tanstack/react-router';

import { RosterImportPage } from '#web/features/roster-import/roster-import-page.tsx';

export const Route = createFileRoute('/_app/roster-import')({ component: RosterImportPage });
