import { createFileRoute } from '@tanstack/react-router';
import { SkillEntryPage } from '../../../features/skill-entry/skill-entry-page.tsx';

export const Route = createFileRoute('/_app/ems/skill-entry')({ component: SkillEntryPage });
