import { describe, expect, it } from 'vitest';
import { createPayload } from './CreateLinkModal.tsx';

// The Create dialog's own-domain option (docs/links.md#short-url-forms): the chosen place is sent only while the option is on.
describe('the create payload with the own-domain option', () => {
  const form = { original_url: 'https://example.com', title: '', description: '', short_code: '', ownDomain: true };
  const domains = { has_custom_domains: true, has_trai_domains: true, active_custom_domain: 'links.acme.in', active_trai_header: 'ACMEIN' };

  it('sends the chosen custom domain or TRAI header', () => {
    expect(createPayload({ ...form, placement: { kind: 'custom', domain: 'go.acme.in' } }, domains)).toEqual({
      original_url: 'https://example.com',
      title: '',
      description: '',
      custom_domain: 'go.acme.in',
    });
  });

  it('sends a header with the custom domain it lives on', () => {
    const payload = createPayload({ ...form, placement: { kind: 'trai', header: 'ACMEPR', domain: 'links.acme.in' } }, domains);
    expect(payload).toMatchObject({ trai_header: 'ACMEPR', custom_domain: 'links.acme.in' });
  });

  it('sends neither while the option is off, whatever was chosen', () => {
    const payload = createPayload({ ...form, ownDomain: false, placement: { kind: 'trai', header: 'ACMEIN', domain: null } }, domains);
    expect(payload).not.toHaveProperty('trai_header');
    expect(payload).not.toHaveProperty('custom_domain');
  });

  it('sends nothing for the default short domain', () => {
    const payload = createPayload({ ...form, placement: { kind: 'default' } }, domains);
    expect(payload).toEqual({ original_url: 'https://example.com', title: '', description: '' });
  });
});
