import { describe, expect, it } from 'vitest';
import { describeChanges, settingsChangedMail } from './settings-announcement.ts';

interface Settings {
  server: string;
  port: number;
  password_encrypted: string;
}
const labels = { server: { label: 'SMTP server' }, port: { label: 'SMTP port' }, password_encrypted: { label: 'SMTP password', secret: true } };

describe('the notice of a settings change', () => {
  it('names each changed field with its old and new value, and a secret only as set, replaced or removed', () => {
    const before: Settings = { server: 'smtp.example.com', port: 587, password_encrypted: 'sealed-1' };
    expect(describeChanges<Settings>(null, before, labels)).toEqual([
      'SMTP server: (none) → smtp.example.com',
      'SMTP port: (none) → 587',
      'SMTP password: set',
    ]);
    expect(describeChanges<Settings>(before, { ...before, server: '127.0.0.1', password_encrypted: 'sealed-2' }, labels)).toEqual([
      'SMTP server: smtp.example.com → 127.0.0.1',
      'SMTP password: replaced',
    ]);
    expect(describeChanges<Settings>(before, { ...before, password_encrypted: '' }, labels)).toEqual(['SMTP password: removed']);
    expect(describeChanges<Settings>(before, before, labels)).toEqual([]);
  });

  it('is marked for the environment’s transport and escapes what an admin typed in its HTML', () => {
    const mail = settingsChangedMail('root@example.com', {
      setting: 'Google sign-in',
      adminEmail: 'mallory@example.com',
      at: new Date('2026-11-27T10:05:00Z'),
      lines: ['Scope: openid → <img src=x onerror=alert(1)>'],
    });
    expect(mail).toMatchObject({
      to: 'root@example.com',
      purpose: 'security_notice',
      environmentOnly: true,
      subject: 'Linkledger: Google sign-in changed by mallory@example.com',
    });
    expect(mail.text).toContain('The admin mallory@example.com changed Google sign-in on 2026-11-27 10:05 UTC.');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
});
