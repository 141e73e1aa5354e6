import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { fallbackFocus } from './focus.ts';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind it inert (focus stays in
 * the dialog) and Escape closes it, with no code of ours to get wrong.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect: the dialog is closed as it leaves the page, so focus can go back outside it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    // Focus goes back where the trader was (the button that opened the dialog) when it closes;
    // when that is gone (its row deleted), or was the page itself, to fallbackFocus().
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal() focuses the first focusable element, the close button; a form starts at its first field.
    dialog?.querySelector<HTMLElement>('article > :not(header) :is(input, select, textarea)')?.focus();
    return () => {
      dialog?.close();
      // Once the commit that closes it is done: the opener may leave the page in that same commit
      // (a trade whose last fill was deleted). Focus already put somewhere stays there.
      queueMicrotask(() => {
        if (document.activeElement !== document.body && document.activeElement !== null) return;
        (opener?.isConnected ? opener : fallbackFocus())?.focus();
      });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <article>
        <header>
          <button type="button" aria-label="Close" rel="prev" className="close-button" onClick={onClose} />
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
        </header>
        {children}
      </article>
    </dialog>
  );
}
