import './ConfirmDialog.css';
import { useState } from 'react';
import { Modal } from './Modal.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** The thing acted on, shown in bold under the message. */
  itemName?: string;
  confirmLabel?: string;
  onConfirm(): Promise<void> | void;
  onClose(): void;
}

/** The generic delete-style confirmation (docs/web-app.md#confirmations); confirming runs the action, then closes. */
export function ConfirmDialog({ open, title, message, itemName, confirmLabel = 'Delete', onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
      {itemName ? <p className="confirm__item">{itemName}</p> : null}
      <p className="confirm__warning">This action cannot be undone.</p>
    </Modal>
  );
}
