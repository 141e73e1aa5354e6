import { type ReactNode, useEffect, useId, useRef } from 'react';
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
  useEffect(() => {
    const dialog = ref.current;
    // Focus goes back where the trader was (the button that opened the dialog) when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal() focuses the first focusable element, the close button; a form starts at its first field.
    dialog?.querySelector<HTMLElement>('article > :not(header) :is(input, select, textarea)')?.focus();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
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
