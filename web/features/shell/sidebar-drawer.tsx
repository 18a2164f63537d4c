import { Dialog, DialogPanel } from '@headlessui/react';

import { PLATFORM_NAME } from './navigation.ts';
import { NavList } from './sidebar.tsx';

/** On a phone the sidebar is a drawer from the left. */
export function SidebarDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40 lg:hidden">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <DialogPanel className="fixed inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl">
        <div className="flex items-center justify-between px-4 py-3">
          <p className="font-bold text-brand-900">{PLATFORM_NAME}</p>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="min-h-11 min-w-11 rounded-lg text-2xl text-slate-600"
          >
            ×
          </button>
        </div>
        <NavList onNavigate={onClose} />
      </DialogPanel>
    </Dialog>
  );
}
