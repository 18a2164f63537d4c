import { createFileRoute } from '@tanstack/react-router';

import { ProfilePage } from '#web/features/profile/profile-page.tsx';

export const Route = createFileRoute('/_app/profile')({ component: ProfilePage });
