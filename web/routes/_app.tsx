import { createFileRoute, Outlet } from '@tanstack/react-router';

import { Protected } from '../features/shell/app-shell.tsx';

/** Every screen for signed-in users, inside one shell and one device database (the landing page at / otherwise). */
export const Route = createFileRoute('/_app')({
  component: () => (
    <Protected>
      <Outlet />
    </Protected>
  ),
});
