import { describe, expect, it } from 'vitest';
import { claimDroppedMail } from './claim-dropped-mail.ts';

describe('the notice of a dropped claim', () => {
  it('says who owns the name now, that none of the owner’s links served on it, and where to delete it', () => {
    const mail = claimDroppedMail('bob@example.com', { domain: 'links.acme.in', everVerified: false, base: 'https://app.example.com', team: null });
    expect(mail).toMatchObject({ to: 'bob@example.com', subject: 'Your claim on links.acme.in was dropped', purpose: 'domain_claim_dropped' });
    expect(mail.text).toContain('links.acme.in was verified by another account first');
    expect(mail.text).toContain('your pending claim on it was dropped');
    expect(mail.text).toContain('No link of yours was served on links.acme.in');
    expect(mail.text).toContain('you can delete it there');
    expect(mail.text).toContain('https://app.example.com/custom-domains');
    expect(mail.html).toContain('<a href="https://app.example.com/custom-domains">Open Custom Domains</a>');
  });

  it('to the owner of a claim verified once, does not say its links never served', () => {
    const mail = claimDroppedMail('bob@example.com', { domain: 'links.acme.in', everVerified: true, base: null, team: null });
    expect(mail.text).not.toContain('No link of yours');
    expect(mail.text).toContain('Links you created on links.acme.in stopped being served');
    // No known address of the web app: the screen is named, no link made up.
    expect(mail.text).not.toContain('/custom-domains');
    expect(mail.text).toContain('Custom Domains list');
  });

  it('escapes the name in the HTML part (it is user-given, even if validated when added)', () => {
    const hostile = '<img src=x onerror=alert(1)>.acme.in';
    const mail = claimDroppedMail('bob@example.com', { domain: hostile, everVerified: false, base: 'https://app.example.com', team: null });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;.acme.in');
    expect(mail.text).toContain(hostile);
  });
});
