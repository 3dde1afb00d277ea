import './ConfirmDialog.css';
import { ConfirmModal } from './ConfirmModal.tsx';

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
  return (
    <ConfirmModal open={open} title={title} confirmLabel={confirmLabel} onConfirm={onConfirm} onClose={onClose}>
      <p>{message}</p>
      {itemName ? <p className="confirm__item">{itemName}</p> : null}
      <p className="confirm__warning">This action cannot be undone.</p>
    </ConfirmModal>
  );
}
