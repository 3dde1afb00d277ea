import { useState, type ReactNode } from 'react';
import { Modal } from './Modal.tsx';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** False while what the dialog must say is still being read. */
  ready?: boolean;
  onConfirm(): Promise<void> | void;
  onClose(): void;
}

/** A small dialog that asks before an action: Cancel, or the action, which runs and then closes it (docs/web-app.md#confirmations). */
export function ConfirmModal({ open, title, children, confirmLabel, ready = true, onConfirm, onClose }: ConfirmModalProps) {
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
          <button type="button" className="button button--danger" onClick={() => void confirm()} disabled={busy || !ready}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
