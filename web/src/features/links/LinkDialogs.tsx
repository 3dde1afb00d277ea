import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { linksApi } from '../../api/endpoints.ts';
import type { Link } from '../../api/types.ts';
import { toast } from '../../ui/toasts.ts';
import { copyWithToast } from './browser.ts';
import { BulkDeleteModal, DeleteLinkModal } from './DeleteLinkModal.tsx';
import { EditLinkModal } from './EditLinkModal.tsx';
import type { LinkHandlers } from './LinkActions.tsx';
import { linksChanged } from './link-queries.ts';
import { QrModal } from './QrModal.tsx';
import { ShareModal } from './share/ShareModal.tsx';

/**
 * The per-link dialogs of the Your URLs panel (QR code, Share, Edit, Delete) and Delete All for
 * the selection; every change they make invalidates the links' queries.
 */
export function useLinkDialogs(selectedLinks: readonly Link[], clearSelection: () => void) {
  const [qrLink, setQrLink] = useState<Link | null>(null);
  const [shareLink, setShareLink] = useState<Link | null>(null);
  const [editLink, setEditLink] = useState<Link | null>(null);
  const [deleteLink, setDeleteLink] = useState<Link | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const handlers: Required<LinkHandlers> = {
    onCopy: (link) => void copyWithToast(link.short_url),
    onQr: setQrLink,
    onShare: setShareLink,
    onEdit: setEditLink,
    onDelete: setDeleteLink,
  };

  const remove = async (link: Link) => {
    try {
      await linksApi.remove(link.id);
      toast('URL Deleted', 'success', `${link.title || 'Untitled URL'} was deleted.`);
      void linksChanged();
    } catch (error) {
      console.error('Delete failed', error);
      toast('Delete Failed', 'error', errorText(error, 'The URL could not be deleted. Please try again.'));
      // The list may be what is out of date (a link deleted in another tab): read it again.
      void linksChanged();
    }
  };

  const removeSelected = async () => {
    try {
      const result = await linksApi.bulkDelete(selectedLinks.map((link) => link.id));
      toast('URLs Deleted', 'success', result.message);
      clearSelection();
      void linksChanged();
    } catch (error) {
      console.error('Bulk delete failed', error);
      toast('Delete Failed', 'error', errorText(error, 'The selected URLs could not be deleted. Please try again.'));
      void linksChanged();
    }
  };

  const dialogs = (
    <>
      <QrModal link={qrLink} onClose={() => setQrLink(null)} />
      <ShareModal link={shareLink} onClose={() => setShareLink(null)} />
      <EditLinkModal
        link={editLink}
        onClose={() => setEditLink(null)}
        onSaved={(saved) => {
          setEditLink(null);
          if (saved !== editLink) void linksChanged();
        }}
      />
      <DeleteLinkModal link={deleteLink} onConfirm={remove} onClose={() => setDeleteLink(null)} />
      <BulkDeleteModal count={selectedLinks.length} open={bulkOpen} onConfirm={removeSelected} onClose={() => setBulkOpen(false)} />
    </>
  );

  return { handlers, openBulkDelete: () => setBulkOpen(true), dialogs };
}
