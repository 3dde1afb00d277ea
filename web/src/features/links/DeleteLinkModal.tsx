import type { Link } from '../../api/types.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { linkName } from './LinkActions.tsx';
import { displayUrl } from './list-query.ts';

/** Delete URL (docs/links.md#deleting-links): asks first; the caller deletes and reloads. */
export function DeleteLinkModal({ link, onConfirm, onClose }: { link: Link | null; onConfirm(link: Link): Promise<void>; onClose(): void }) {
  return (
    <ConfirmDialog
      open={link !== null}
      title="Delete URL"
      message={link ? `Delete “${linkName(link)}”? The short URL stops working and its click history is removed from your dashboard.` : ''}
      itemName={link ? displayUrl(link.short_url) : undefined}
      confirmLabel="Delete URL"
      onConfirm={() => (link ? onConfirm(link) : undefined)}
      onClose={onClose}
    />
  );
}

/** Delete All: the same confirmation for the selected links. */
export function BulkDeleteModal({ count, open, onConfirm, onClose }: { count: number; open: boolean; onConfirm(): Promise<void>; onClose(): void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete Selected URLs"
      message={`Delete ${count} selected ${count === 1 ? 'URL' : 'URLs'}? Their short URLs stop working.`}
      confirmLabel={`Delete ${count} ${count === 1 ? 'URL' : 'URLs'}`}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
