import { type ReactNode, useEffect, useId, useRef } from 'react';

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
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
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
