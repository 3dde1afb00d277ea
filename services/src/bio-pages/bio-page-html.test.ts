import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BIO_THEMES } from '@linkledger/contracts';
import { renderBioPage } from './bio-page-html.ts';

const page = {
  title: 'Asha',
  bio: 'Hello',
  theme: BIO_THEMES.night,
  avatarUrl: null,
  links: [{ title: 'Shop', href: 'https://lnk.example.com/shop' }],
};
const styleOf = (html: string) => /<style>(.*)<\/style>/.exec(html)![1]!;

describe('a link-in-bio page’s HTML (docs/pages.md#link-in-bio-pages)', () => {
  it('allows its one inline style by hash and nothing that runs', () => {
    const { html, headers } = renderBioPage({ ...page, brand: null });
    const text = html.toString('utf8');
    const hash = createHash('sha256').update(styleOf(text)).digest('base64');
    expect(headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'`,
    );
    expect(headers['content-length']).toBe(html.length);
    expect(text).toContain('--background:#10151c');
    expect(text).not.toMatch(/<script|\son\w+=/);
    expect(text).toContain('<footer><span>Made with Linkledger</span></footer>');
  });

  it('on a white-label domain shows the workspace’s name and logo, escaped, and nothing of Linkledger', () => {
    const brand = { name: 'Acme <b>Co</b>', logoUrl: '/brand/logo.png?a=1&b="2"', primaryColor: '#112233', backgroundColor: '#ffffff' };
    const text = renderBioPage({ ...page, brand }).html.toString('utf8');
    expect(text).toContain('<footer><img src="/brand/logo.png?a=1&#38;b=&#34;2&#34;" alt=""><span>Acme &#60;b&#62;Co&#60;/b&#62;</span></footer>');
    expect(text).not.toMatch(/linkledger/i);
  });
});
