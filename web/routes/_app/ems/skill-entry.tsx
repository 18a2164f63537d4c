import { createFileRoute } from '@tanstack/react-router';
import { SkillEntryPage } from '../../../features/skill-entry/skill-entry-page.tsx';
import { parseEntrySearch } from '../../../features/skill-entry/search-params.ts';
import { LazyProgressDialog } from '../../../features/skill-entry/lazy-progress-dialog.tsx';

export const Route = createFileRoute('/_app/ems/skill-entry')({
  validateSearch: parseEntrySearch,
  // the progress form is fetched with the screen (and when the shell preloads it), not waited for: tapping a skill
  // later opens it with no signal
  loader: () => void LazyProgressDialog.preload(),
  component: SkillEntryRoute,
});

function SkillEntryRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SkillEntryPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
