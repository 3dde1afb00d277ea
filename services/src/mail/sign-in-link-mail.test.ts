import { describe, expect, it } from 'vitest';
import { UNKNOWN_ORIGIN } from '../http/origins.ts';
import { composeMail } from './compose-mail.ts';
import { signInLinkMail } from './sign-in-link-mail.ts';

const bases = { settings: 'https://links.example.com', installation: 'https://lnk.example.com' };
const compose = (base: string) =>
  composeMail('someone@example.com', 'Reset', ['Open the link.'], 'Bye', { label: 'Reset', url: `${base}/reset-password?token=t` });

describe('a mailed sign-in link', () => {
  it('for an ordinary user, follows the admin’s settings: their frontend URL and transport', () => {
    const mail = signInLinkMail({ role: 'user' }, bases, compose);
    expect(mail.text).toContain('https://links.example.com/reset-password');
    expect(mail.environmentOnly).toBeUndefined();
  });

  it('for an admin or the super admin, is built on the installation’s origin and goes only through the environment’s transport', () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const mail = signInLinkMail({ role }, bases, compose);
      expect(mail.text).toContain('https://lnk.example.com/reset-password');
      expect(mail.text).not.toContain('links.example.com');
      expect(mail.environmentOnly).toBe(true);
    }
  });

  it('for an admin, when the request named no origin of the installation, is not sent', () => {
    expect(() => signInLinkMail({ role: 'admin' }, { ...bases, installation: null }, compose)).toThrow(UNKNOWN_ORIGIN);
  });
});
