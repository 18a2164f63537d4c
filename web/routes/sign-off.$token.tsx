import { createFileRoute } from '@tanstack/react-router';

import { ConfirmSignOffPage } from '../features/sign-offs/confirm-sign-off-page.tsx';

export const Route = createFileRoute('/sign-off/$token')({ component: ConfirmPage });

function ConfirmPage() {
  const { token } = Route.useParams();
  return <ConfirmSignOffPage token={token} />;
}
