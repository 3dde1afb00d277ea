import './Modal.css';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

interface ModalProps {
  title: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  /** Buttons along the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

/** The fields a person fills in, in document order; hidden and disabled ones are passed over. */
const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Where focus lands when a dialog opens (docs/web-app.md#dialogs): the first field, else the
 * primary control, else the first control of the body or footer; the close button only when
 * the dialog has nothing else. A control the dialog's content focused itself is left alone.
 * A candidate the browser will not focus (a colour input in some browsers) gives way to the next.
 */
function focusInitially(panel: HTMLElement): void {
  const document = panel.ownerDocument;
  const active = document.activeElement;
  if (active instanceof HTMLElement && panel.contains(active) && !active.closest('.modal__header')) return;
  const content = [...panel.querySelectorAll<HTMLElement>('.modal__body, .modal__footer')];
  const visible = (selector: string) =>
    content.flatMap((part) => [...part.querySelectorAll<HTMLElement>(selector)].filter((element) => element.getClientRects().length > 0));
  const candidates = [...visible(FIELDS), ...visible('.button--primary:not([disabled])'), ...visible(FOCUSABLE)];
  for (const candidate of candidates) {
    candidate.focus();
    if (document.activeElement === candidate) return;
  }
  panel.querySelector<HTMLElement>('.modal__header button')?.focus();
}

/**
 * A modal dialog on the native <dialog>: focus moves in (to the first field, see
 * focusInitially) and is trapped, Escape closes it, and focus returns to what opened it.
 */
export function Modal({ title, open, onClose, children, footer, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element, the close button in the header.
      const panel = dialog.querySelector<HTMLElement>('.modal__panel');
      if (panel) focusInitially(panel);
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="modal__panel">
          <header className="cluster cluster--between cluster--nowrap gap-3 modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer ? <footer className="modal__footer cluster cluster--end">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
