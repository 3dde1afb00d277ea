import type { Link } from '../../../api/types.ts';

/** A link as the API lists it, for the links feature's unit tests; a test changes only the fields it is about. */
export function sampleLink(overrides: Partial<Link> = {}): Link {
  return {
    id: 1,
    original_url: 'https://example.com/spring/sale',
    title: 'Spring sale',
    description: '',
    short_code: 'abc123',
    short_url: 'http://sho.rt/abc123',
    total_clicks: 3,
    created_at: '2026-11-22T10:00:00.000Z',
    created_via: 'manual',
    trai_header: null,
    custom_domain: null,
    is_active: true,
    disabled_by_admin: false,
    moderation_reason: null,
    starts_at: null,
    expires_at: null,
    max_clicks: null,
    expired_url: null,
    has_password: false,
    rules: [],
    variants: [],
    og: null,
    expired: false,
    tags: [],
    folder: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    qr: null,
    ...overrides,
  };
}
