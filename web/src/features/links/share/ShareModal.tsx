import type { Link } from '../../../api/types.ts';
import { CopyIcon, ShareIcon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { copyWithToast } from '../browser.ts';
import { displayUrl } from '../list-query.ts';
import { SHARE_CHANNEL_LABELS, sharedUrl, shareTargets } from './share-targets.ts';

/** Whether the browser offers the device's own share sheet (the Web Share API: phones, mostly). */
const canShareNatively = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Share a link (docs/links.md#sharing): copy, the device's share sheet where there is one, and
 * the public share screens of e-mail, WhatsApp, X, LinkedIn, Facebook and Telegram; each
 * shares the short URL marked with its channel, so analytics show which share brought clicks.
 */
export function ShareModal({ link, onClose }: { link: Link | null; onClose(): void }) {
  const shareNatively = async (shown: Link) => {
    try {
      await navigator.share({ title: shown.title || undefined, url: sharedUrl(shown.short_url, 'native') });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('Share failed', error);
    }
  };
  return (
    <Modal title="Share" open={link !== null} onClose={onClose} size="sm">
      {link ? (
        <div className="share" data-testid="share-menu">
          <p className="share__url">{displayUrl(link.short_url)}</p>
          <div className="share__actions">
            <button type="button" className="button button--secondary share__channel" onClick={() => void copyWithToast(sharedUrl(link.short_url, 'copy'))}>
              <CopyIcon />
              Copy link
            </button>
            {canShareNatively() ? (
              <button type="button" className="button button--primary share__channel" onClick={() => void shareNatively(link)}>
                <ShareIcon />
                Share…
              </button>
            ) : null}
            {shareTargets(link.short_url, link.title).map((target) => (
              <a
                key={target.channel}
                className={`button button--secondary share__channel share__channel--${target.channel}`}
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                data-channel={target.channel}
              >
                {SHARE_CHANNEL_LABELS[target.channel]}
              </a>
            ))}
          </div>
          <p className="field__hint">Each button adds its own mark to the link, so the link’s analytics show which share brought the clicks.</p>
        </div>
      ) : null}
    </Modal>
  );
}
