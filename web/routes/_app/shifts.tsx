import { createFileRoute } from '@tanstack/react-router';

import { ShiftsPage } from '#web/features/shifts/index.ts';

export const Route = createFileRoute('/_app/shifts')({ component: ShiftsPage });
