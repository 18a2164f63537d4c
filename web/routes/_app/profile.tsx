import { createFileRoute } from '@tanstack/react-router';

import { CalendarFeedCard } from '#web/features/profile/calendar-feed-card.tsx';
import { ProfilePage } from '#web/features/profile/profile-page.tsx';

/** The profile form, then the calendar feed (online only: it asks the server, not the device). */
function Profile() {
  return (
    <>
      <ProfilePage />
      <CalendarFeedCard />
    </>
  );
}

export const Route = createFileRoute('/_app/profile')({ component: Profile });
