import './ui.css';
import { useId, useRef, type ReactNode } from 'react';

interface ConfirmButtonProps {
  label: string;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  /** The action cannot be taken back: the button looks like it. */
  danger?: boolean;
}

/**
 * A button that asks first, in a modal <dialog> (the browser keeps focus inside it, Escape closes
 * it and focus returns to the button). "Keep" has the focus, so Enter never destroys by accident.
 */
export function ConfirmButton({ label, title, body, confirmLabel, keepLabel, onConfirm, disabled, danger }: ConfirmButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  return (
    <>
      <button
        type="button"
        className={`button ${danger ? 'button-danger' : 'button-secondary'}`}
        disabled={disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId}>{body}</div>
        <div className="actions">
          <button
            type="button"
            className={`button ${danger ? 'button-danger' : 'button-primary'}`}
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
          <button type="button" className="button button-secondary" autoFocus onClick={() => dialog.current?.close()}>
            {keepLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
