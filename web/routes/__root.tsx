import { createRootRoute, Link, Outlet } from '@tanstack/react-router';

import { SessionProvider } from '../lib/session.tsx';
import { Toasts } from '../lib/ui/toasts.tsx';

export const Route = createRootRoute({
  component: () => (
    <SessionProvider>
      <Outlet />
      {/* on a phone the toast sits below the sticky header, so it never covers the menu a user is about to tap */}
      <Toasts
        position="top-center"
        mobileOffset={{ top: 68 }}
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        richColors
        closeButton
      />
    </SessionProvider>
  ),
  notFoundComponent: NotFound,
});

function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-slate-600">404 Page Not Found</p>
      <Link to="/" className="rounded-lg bg-brand-700 px-4 py-3 font-medium text-white">
        Back to home
      </Link>
    </main>
  );
}
