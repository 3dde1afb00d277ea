import type { Link } from '../../api/types.ts';
import { ChartIcon, CopyIcon, EditIcon, QrIcon, ShareIcon, TrashIcon } from '../../ui/icons.tsx';

export interface LinkHandlers {
  onCopy(link: Link): void;
  onQr(link: Link): void;
  /** Absent on a plan without sharing (social_sharing): no Share button then. */
  onShare?(link: Link): void;
  /** Absent for a role that may not change links: no Edit button then. */
  onEdit?(link: Link): void;
  /** Absent for a role that may not change links: no Delete button then. */
  onDelete?(link: Link): void;
}

export const linkName = (link: Link) => link.title || 'Untitled URL';

/** Copy, QR code, share where the plan allows, analytics (a new tab), and edit and delete where the role allows, for one link. */
export function LinkActions({ link, handlers }: { link: Link; handlers: LinkHandlers }) {
  const name = linkName(link);
  return (
    <div className="link-actions" role="group" aria-label={`Actions for ${name}`}>
      <button
        type="button"
        className="icon-button"
        aria-label={`Copy short URL of ${name}`}
        title="Copy short URL"
        data-action="copy"
        onClick={() => handlers.onCopy(link)}
      >
        <CopyIcon />
      </button>
      <button type="button" className="icon-button" aria-label={`QR code of ${name}`} title="QR code" data-action="qr" onClick={() => handlers.onQr(link)}>
        <QrIcon />
      </button>
      {handlers.onShare ? (
        <button type="button" className="icon-button" aria-label={`Share ${name}`} title="Share" data-action="share" onClick={() => handlers.onShare?.(link)}>
          <ShareIcon />
        </button>
      ) : null}
      <a
        className="icon-button"
        href={`/analytics/${link.id}`}
        target="_blank"
        rel="noopener"
        aria-label={`Analytics of ${name} (opens in a new tab)`}
        title="Analytics (new tab)"
        data-action="analytics"
      >
        <ChartIcon />
      </a>
      {handlers.onEdit ? (
        <button type="button" className="icon-button" aria-label={`Edit ${name}`} title="Edit" data-action="edit" onClick={() => handlers.onEdit?.(link)}>
          <EditIcon />
        </button>
      ) : null}
      {handlers.onDelete ? (
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label={`Delete ${name}`}
          title="Delete"
          data-action="delete"
          onClick={() => handlers.onDelete?.(link)}
        >
          <TrashIcon />
        </button>
      ) : null}
    </div>
  );
}
