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
      footer={<ConfirmFooter onCancel={onClose} busy={busy} label={confirmLabel} onConfirm={() => void confirm()} disabled={busy || !ready} />}
    >
      {children}
    </Modal>
  );
}

interface ConfirmFooterProps {
  onCancel(): void;
  /** While the action runs, Cancel waits too. */
  busy: boolean;
  /** The action's button text. */
  label: ReactNode;
  disabled: boolean;
  /** A button that acts by itself; or, with `form`, the submit button of that form. */
  onConfirm?(): void;
  form?: string;
}

/** A confirmation's two buttons: Cancel, then the (danger) action. */
export function ConfirmFooter({ onCancel, busy, label, disabled, onConfirm, form }: ConfirmFooterProps) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type={form ? 'submit' : 'button'} form={form} className="button button--danger" onClick={onConfirm} disabled={disabled}>
        {label}
      </button>
    </>
  );
}
