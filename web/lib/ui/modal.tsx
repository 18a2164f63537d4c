import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
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

/** The entry of a dialog just closed by its own button, taken off the history unless the dialog opens again at once. */
let leaving: { marker: string; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * One history entry on the same address for the open dialog, its own or the one a dialog closed in the same moment left
 * (React's development double effect closes and opens it again at once).
 */
function dialogEntry(): string {
  if (leaving && window.history.state?.dialog === leaving.marker) {
    clearTimeout(leaving.timer);
    const { marker } = leaving;
    leaving = null;
    return marker;
  }
  const marker = crypto.randomUUID();
  const state = (window.history.state ?? {}) as Record<string, unknown>;
  // the router's keys, one step on, so that the router takes the entry as an ordinary one and Back as Back
  const index = typeof state.__TSR_index === 'number' ? state.__TSR_index + 1 : 1;
  window.history.pushState({ ...state, __TSR_index: index, __TSR_key: marker, key: marker, dialog: marker }, '');
  return marker;
}

/**
 * Back closes an open dialog instead of leaving the screen (and what was typed on it): the dialog has its own history
 * entry while open, and a dialog closed otherwise takes its entry off, so the next Back leaves the screen.
 */
function useBackCloses(open: boolean, onClose: () => void) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const marker = dialogEntry();
    const onPop = () => {
      if (window.history.state?.dialog !== marker) close.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      if (window.history.state?.dialog !== marker) return;
      const timer = setTimeout(() => {
        leaving = null;
        if (window.history.state?.dialog === marker) window.history.back();
      });
      leaving = { marker, timer };
    };
  }, [open]);
}

/**
 * A dialog with a title and a × button; Escape, a tap outside and Back close it too. A sheet from the bottom on phones, never
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
  useBackCloses(open, onClose);
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
