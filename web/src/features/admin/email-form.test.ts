import { describe, expect, it } from 'vitest';
import { EmailConfigBody } from '@linkledger/contracts';
import type { EmailConfig } from './admin-api.ts';
import { DEFAULT_SMTP_PORT, emailFormFrom, emailSaveBody, monthLabel, purposeRows, rateLabel, storedSecretHint } from './email-form.ts';

const stored: EmailConfig = {
  transport: 'smtp',
  sendgrid_api_key: '••••••••WXYZ',
  sendgrid_from_email: 'links@example.com',
  sendgrid_from_name: 'Links',
  frontend_url: 'https://links.example.com',
  smtp_server: 'smtp.example.com',
  smtp_port: 465,
  smtp_username: 'mailer',
  smtp_password: '••••••••abcd',
  from_email: 'noreply@example.com',
  updated_at: '2026-06-05T10:00:00.000Z',
};

describe('e-mail settings form', () => {
  it('starts from the stored settings with both secrets empty, never the masked values', () => {
    const form = emailFormFrom(stored);
    expect(form).toMatchObject({ sendgrid_from_email: 'links@example.com', smtp_server: 'smtp.example.com', smtp_port: '465', smtp_username: 'mailer' });
    expect(form.sendgrid_api_key).toBe('');
    expect(form.smtp_password).toBe('');
    expect(form.clear_sendgrid_api_key).toBe(false);
  });

  it('offers port 587 when none is stored', () => {
    expect(emailFormFrom({ ...stored, smtp_port: 0 }).smtp_port).toBe('587');
  });

  it('sends empty secrets (keep the stored ones), trims the plain fields and reads the port as a number', () => {
    const body = emailSaveBody({ ...emailFormFrom(stored), smtp_server: '  smtp.example.org ', smtp_port: ' 2525 ' });
    expect(body).toEqual({
      sendgrid_api_key: '',
      clear_sendgrid_api_key: false,
      sendgrid_from_email: 'links@example.com',
      sendgrid_from_name: 'Links',
      frontend_url: 'https://links.example.com',
      smtp_server: 'smtp.example.org',
      smtp_port: 2525,
      smtp_username: 'mailer',
      smtp_password: '',
      from_email: 'noreply@example.com',
    });
    // The API refuses a field it does not know: the form sends none.
    expect(EmailConfigBody.safeParse(body).error).toBeUndefined();
  });

  it('sends a new key and password; the password as typed', () => {
    const body = emailSaveBody({ ...emailFormFrom(stored), sendgrid_api_key: ' SG.new-key ', smtp_password: ' pass word ' });
    expect(body.sendgrid_api_key).toBe('SG.new-key');
    expect(body.smtp_password).toBe(' pass word ');
  });

  it('forgetting the key sends no key with it, whatever was typed', () => {
    const body = emailSaveBody({ ...emailFormFrom(stored), sendgrid_api_key: 'SG.typed', clear_sendgrid_api_key: true });
    expect(body.clear_sendgrid_api_key).toBe(true);
    expect(body.sendgrid_api_key).toBe('');
  });

  it('an empty port is the default one', () => {
    expect(emailSaveBody({ ...emailFormFrom(stored), smtp_port: '' }).smtp_port).toBe(DEFAULT_SMTP_PORT);
  });

  it('hints which secret is stored, masked as the server gave it', () => {
    expect(storedSecretHint('••••••••WXYZ')).toBe('Stored: ••••••••WXYZ. Leave empty to keep it.');
    expect(storedSecretHint('')).toBe('None stored.');
  });
});

describe('e-mail statistics', () => {
  it('names every purpose in words, the main ones in order with 0 for none, then any other the month has, never by its key', () => {
    expect(purposeRows({ test: 2, verify_email: 5, receipt: 3, security_notice: 1, some_new_digest: 1 })).toEqual([
      { purpose: 'verify_email', label: 'Verification', count: 5 },
      { purpose: 'reset_password', label: 'Password reset', count: 0 },
      { purpose: 'test', label: 'Test', count: 2 },
      { purpose: 'other', label: 'Other', count: 0 },
      { purpose: 'receipt', label: 'Payment receipt', count: 3 },
      { purpose: 'security_notice', label: 'Security notice to the super admin', count: 1 },
      { purpose: 'some_new_digest', label: 'Some new digest', count: 1 },
    ]);
  });

  it('writes the verification rate as a percentage to one decimal', () => {
    expect([rateLabel(25), rateLabel(66.7), rateLabel(0)]).toEqual(['25 %', '66.7 %', '0 %']);
  });

  it('names the month in UTC', () => {
    expect(monthLabel('2026-06')).toBe('June 2026');
    expect(monthLabel('not a month')).toBe('not a month');
  });
});
