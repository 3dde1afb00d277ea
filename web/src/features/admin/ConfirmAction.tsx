import type { ReactNode } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';

interface ConfirmActionProps {
  title: string;
  /** What will happen, in full: the dialog is the last chance to read it. */
  children: ReactNode;
  confirmLabel: string;
  ready?: boolean;
  onConfirm(): Promise<void>;
  onClose(): void;
}

/**
 * An admin action that costs someone something (a ban, a plan change over a paid period)
 * asks first and says what will happen (docs/web-app.md#admin-panel). Unlike the delete
 * confirmation it does not claim the action cannot be undone: these can, at a price it names.
 */
export function ConfirmAction({ children, ...dialog }: ConfirmActionProps) {
  return (
    <ConfirmModal open {...dialog}>
      <div className="stack gap-3 confirm-action">{children}</div>
    </ConfirmModal>
  );
}
