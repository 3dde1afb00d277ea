import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DnsTestServer } from '../domains/dns/testing/dns-test-server.ts';
import type { Session } from './test-app.ts';

/** The address the test apps' custom domains must point at (their DOMAIN_TARGET_IPS). */
export const TARGET_IP = '203.0.113.7';

/** Adds a custom domain for `session`, publishes its TXT token and its A record, and verifies it (docs/domains.md). */
export async function verifiedDomain(app: FastifyInstance, dns: DnsTestServer, session: Session, domain: string) {
  const added = (await app.inject({ method: 'POST', url: '/api/custom-domains', headers: session.headers, payload: { domain } })).json<{
    id: number;
    dns_token: string;
  }>();
  dns.set(`_linkledger-verify.${domain}`, 'TXT', [added.dns_token]);
  dns.set(domain, 'A', [TARGET_IP]);
  const verified = await app.inject({ method: 'POST', url: `/api/custom-domains/${added.id}/verify`, headers: session.headers });
  expect(verified.json().verification_result.fully_verified).toBe(true);
  return added;
}
