import { describe, expect, it } from 'vitest';
import { sharedUrl, shareTargets } from './share-targets.ts';

describe('share targets', () => {
  it('mark the short URL with the channel, keeping a path and replacing an earlier src', () => {
    expect(sharedUrl('https://lnk.example/menu', 'whatsapp')).toBe('https://lnk.example/menu?src=whatsapp');
    expect(sharedUrl('https://lnk.example/ABCDEF/menu?src=qr', 'x')).toBe('https://lnk.example/ABCDEF/menu?src=x');
  });

  it('open each channel’s public share address with the marked link, a hostile title only as encoded text', () => {
    const title = 'Sale & more"><script>alert(1)</script>';
    const targets = Object.fromEntries(shareTargets('https://lnk.example/sale', title).map((target) => [target.channel, target.href]));
    expect(Object.keys(targets)).toEqual(['email', 'whatsapp', 'x', 'linkedin', 'facebook', 'telegram']);
    expect(targets.linkedin).toBe('https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Flnk.example%2Fsale%3Fsrc%3Dlinkedin');
    expect(targets.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Flnk.example%2Fsale%3Fsrc%3Dfacebook');
    expect(new URL(targets.whatsapp!).searchParams.get('text')).toBe(`${title} https://lnk.example/sale?src=whatsapp`);
    expect(new URL(targets.x!).searchParams.get('url')).toBe('https://lnk.example/sale?src=x');
    expect(new URL(targets.telegram!).searchParams.get('text')).toBe(title);
    expect(targets.email).toMatch(/^mailto:\?subject=Sale%20%26%20more%22%3E%3Cscript%3E/);
    expect(decodeURIComponent(targets.email!.split('&body=')[1]!)).toBe('https://lnk.example/sale?src=email');
    for (const href of Object.values(targets)) expect(href).not.toMatch(/[<>"\s]/);
  });
});
