import type { MailMessage } from './mailer.ts';
import { escapeHtml } from '../formats/html-text.ts';

/** A plain message in text and HTML with the same words: every user text escaped, an optional link spelled out too. */
export function composeMail(to: string, subject: string, lines: string[], closing: string, link?: { label: string; url: string }): MailMessage {
  const text = [...lines, ...(link ? ['', link.url] : []), '', closing, '', '— Linkledger'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link
      ? [
          `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
          `<p>If the button does not work, copy this address into your browser:<br>${escapeHtml(link.url)}</p>`,
        ]
      : []),
    `<p>${escapeHtml(closing)}</p>`,
    '<p>— Linkledger</p>',
  ].join('\n');
  return { to, subject, text, html };
}
