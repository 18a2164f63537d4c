import { createFileRoute } from '@tanstack/react-router';

import { taskBookSearch } from '#web/features/task-book/route-search.ts';
import { TaskBookPage } from '#web/features/task-book/task-book-page.tsx';

export const Route = createFileRoute('/_app/fire/task-book')({
  validateSearch: taskBookSearch,
  component: function FireTaskBook() {
    const { student } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <TaskBookPage studentId={student} onPickStudent={(id) => void navigate({ search: { student: id } })} />;
  },
});
