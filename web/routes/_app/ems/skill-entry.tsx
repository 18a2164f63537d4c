import { createFileRoute } from '@tanstack/react-router';

import { SkillEntryPage } from '#web/features/skill-entry/skill-entry-page.tsx';
import { parseEntrySearch } from '#web/lib/skill-entry-search.ts';

export const Route = createFileRoute('/_app/ems/skill-entry')({
  validateSearch: parseEntrySearch,
  component: SkillEntryRoute,
});

function SkillEntryRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SkillEntryPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
