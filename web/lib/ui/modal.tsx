import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { buttonClass } from './styles.ts';

const ActionsSlot = createContext<HTMLElement | null>(null);

/**
 * A dialog's action buttons (Save, Cancel), shown in its footer below the body that scrolls: on a phone a long form
 * (and the keyboard) pushed them off the screen. A submit button here is outside its form: give it `form={formId}`.
 */
export function ModalActions({ children }: { children: ReactNode }) {
  const slot = useContext(ActionsSlot);
  return slot ? createPortal(children, slot) : null;
}

/**
 * A dialog with a title and a × button; Escape and a tap outside close it too. A sheet from the bottom on phones, never
 * taller than the visible screen: its body scrolls between the title and the footer of `ModalActions`.
 */
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
  const [actions, setActions] = useState<HTMLElement | null>(null);
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className="fixed inset-0 flex items-end justify-center p-2 sm:items-center">
        <DialogPanel
          className={`flex max-h-[calc(100dvh-1rem)] w-full ${wide ? 'max-w-3xl' : 'max-w-lg'} flex-col rounded-2xl bg-white shadow-xl`}
        >
          <div className="flex shrink-0 items-start justify-between gap-2 px-5 pt-5">
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
          <div className="mt-3 min-h-0 flex-1 overflow-y-auto px-5 pb-5">
            <ActionsSlot value={actions}>{children}</ActionsSlot>
          </div>
          <div
            ref={setActions}
            className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 empty:hidden"
          />
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
