import { createFileRoute } from '@tanstack/react-router';

import { CalendarFeedCard } from '#web/features/profile/calendar-feed-card.tsx';
import { ProfilePage } from '#web/features/profile/profile-page.tsx';
import { RecordsExportCard } from '#web/features/profile/records-export-card.tsx';

/** The profile form, then the calendar feed and records downloads (online only: they ask the server). */
function Profile() {
  return (
    <>
      <ProfilePage />
      <CalendarFeedCard />
      <RecordsExportCard />
    </>
  );
}

export const Route = createFileRoute('/_app/profile')({ component: Profile });
