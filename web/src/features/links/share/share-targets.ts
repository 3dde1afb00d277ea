import type { ShareChannel } from '@linkledger/contracts';

/**
 * Where each share button sends a link (docs/links.md#sharing): the short URL with
 * `?src=<channel>`, so its clicks show under that channel in analytics, put into the
 * channel's public share address.
 */
export const sharedUrl = (shortUrl: string, channel: ShareChannel): string => {
  const url = new URL(shortUrl);
  url.searchParams.set('src', channel);
  return url.toString();
};

/** How each channel is named on screen: the share buttons and the analytics' Shares card. */
export const SHARE_CHANNEL_LABELS: Record<ShareChannel, string> = {
  copy: 'Copied link',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  telegram: 'Telegram',
  native: 'Phone share sheet',
};

interface ShareTarget {
  channel: ShareChannel;
  /** The address that opens the channel's share screen with the link. */
  href: string;
}

/** The share addresses of a link, in the order the menu lists them; the text is the link's title when it has one. */
export function shareTargets(shortUrl: string, title: string): ShareTarget[] {
  const q = encodeURIComponent;
  const at = (channel: ShareChannel) => sharedUrl(shortUrl, channel);
  const text = (channel: ShareChannel) => (title ? `${title} ${at(channel)}` : at(channel));
  return [
    { channel: 'email', href: `mailto:?subject=${q(title || 'A link for you')}&body=${q(at('email'))}` },
    { channel: 'whatsapp', href: `https://wa.me/?text=${q(text('whatsapp'))}` },
    { channel: 'x', href: `https://x.com/intent/tweet?url=${q(at('x'))}${title ? `&text=${q(title)}` : ''}` },
    { channel: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${q(at('linkedin'))}` },
    { channel: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${q(at('facebook'))}` },
    { channel: 'telegram', href: `https://t.me/share/url?url=${q(at('telegram'))}${title ? `&text=${q(title)}` : ''}` },
  ];
}
