import { createFileRoute } from '@tanstack/react-router';
import { Protected } from '../../features/shell/app-shell.tsx';
import { SkillEntryPage } from '../../features/skill-entry/skill-entry-page.tsx';

export const Route = createFileRoute('/ems/skill-entry')({
  component: () => (
    <Protected>
      <SkillEntryPage />
    </Protected>
  ),
});
