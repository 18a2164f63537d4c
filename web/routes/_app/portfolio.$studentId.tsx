import { createFileRoute } from '@tanstack/react-router';

import { PortfolioPage } from '#web/features/portfolio/portfolio-page.tsx';

export const Route = createFileRoute('/_app/portfolio/$studentId')({ component: PortfolioRoute });

function PortfolioRoute() {
  const { studentId } = Route.useParams();
  return <PortfolioPage studentId={studentId} />;
}
