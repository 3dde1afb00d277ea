import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../commands/domain-error.ts';
import { fromTrustedProxy } from '../../http/proxies.ts';
import type { Config } from '../../platform/config.ts';

/** Where the proxy asks; answered on any Host (a proxy elsewhere asks by address), to its callers only. */
export const TLS_ASK_PATH = '/api/domains/tls-allowed';

export const ASK_ONLY_FROM_PROXY =
  'Only the reverse proxy asks whether a domain may have a certificate: this address is not one of TRUST_PROXY (see docs/domains.md#https-on-custom-domains).';

/**
 * The on-demand TLS ask is the proxy's question, not the public's: answered only on a
 * connection from a TRUST_PROXY address (from this machine when none is set), so no one else
 * can use it to find out which domains are customers'. The socket decides, never a header.
 */
export function refuseAskFromOutside(config: Pick<Config, 'TRUST_PROXY'>, request: FastifyRequest): void {
  if (!fromTrustedProxy(request.raw, config)) throw forbidden(ASK_ONLY_FROM_PROXY);
}
