import { createFileRoute } from '@tanstack/react-router';

import { DorPage } from '#web/features/dor/dor-page.tsx';

export const Route = createFileRoute('/_app/police/dors')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => ({
    id: typeof search.id === 'string' && search.id.length <= 64 ? search.id : undefined,
  }),
  component: function PoliceDors() {
    const { id } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DorPage openId={id} onOpen={(next) => void navigate({ search: next ? { id: next } : {} })} />;
  },
});
