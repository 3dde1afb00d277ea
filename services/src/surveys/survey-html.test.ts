import { describe, expect, it } from 'vitest';
import { surveyPage } from './survey-html.ts';

describe('a survey page’s brand (docs/pages.md#surveys)', () => {
  it('shows ours without a workspace brand', () => {
    const { html } = surveyPage('Survey', '<h1>Survey</h1>', null);
    expect(html).toContain('<span>Linkledger</span>');
  });

  it('shows the workspace’s name, logo and colours and no Linkledger name or logo when a brand is set; a hostile name is escaped, a non-colour ignored', () => {
    const brand = { name: '<b>Acme</b>', logoUrl: '/brand/logo.png?v="2"', primaryColor: '#aa3300', backgroundColor: 'red;}body{display:none' };
    const { html, headers } = surveyPage('Survey', '<h1>Survey</h1>', brand);
    expect(html).not.toMatch(/linkledger/i);
    expect(html).not.toContain('<svg');
    expect(html).toContain('<span>&#60;b&#62;Acme&#60;/b&#62;</span>');
    expect(html).toContain('<img src="/brand/logo.png?v=&#34;2&#34;" alt="">');
    expect(html).toContain('background:#aa3300');
    expect(html).not.toContain('display:none');
    expect(headers['content-security-policy']).toContain("img-src 'self'");
  });
});
