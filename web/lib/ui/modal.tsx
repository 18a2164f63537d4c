import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { buttonClass } from './styles.ts';

/** A dialog with a title and a × button; Escape and a tap outside close it too. A sheet from the bottom on phones. */
export function Modal({
  title,
  open,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center">
        <DialogPanel
          className={`max-h-[95vh] w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} overflow-y-auto rounded-2xl bg-white p-5 shadow-xl`}
        >
          <div className="flex items-start justify-between gap-2">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="min-h-11 min-w-11 rounded-lg text-2xl leading-none text-slate-600 hover:bg-slate-100"
            >
              ×
            </button>
          </div>
          <div className="mt-3">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** Asks before a destructive action. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}) {
  return (
    <Modal title={title} open={open} onClose={onClose}>
      <p className="text-slate-700">{message}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonClass('danger')}
          onClick={async () => {
            await onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
