import type { CustomDomain, TraiHeader } from './domains-api.ts';

/*
 * Where a new link is served (docs/links.md#short-url-forms): the default short domain, one
 * of the user's verified custom domains, or one of their verified TRAI headers (on our own
 * host or on the custom domain it was registered on). A link's place is fixed at creation.
 */

export type Placement = { kind: 'default' } | { kind: 'custom'; domain: string } | { kind: 'trai'; header: string; domain: string | null };

export const DEFAULT_PLACEMENT: Placement = { kind: 'default' };

export interface PlacementChoice {
  /** A stable key for a select ("domain:3", "trai:5"). */
  value: string;
  label: string;
  placement: Placement;
}

/** The verified custom domains and TRAI headers a link can be created on, domains first. */
export function placementChoices(
  domains: readonly CustomDomain[],
  headers: readonly TraiHeader[],
  host: string,
  features?: readonly string[],
): PlacementChoice[] {
  // After a downgrade the server refuses these (docs/domains.md#after-a-downgrade): they are not offered.
  const allows = (feature: string) => !features || features.includes(feature);
  const domainsAllowed = allows('custom_domains');
  return [
    ...domains
      .filter((domain) => domainsAllowed && domain.dns_verified)
      .map((domain) => ({ value: `domain:${domain.id}`, label: domain.domain, placement: { kind: 'custom', domain: domain.domain } as const })),
    ...headers
      .filter((trai) => trai.dns_verified && allows('trai_domains') && (trai.domain === null || domainsAllowed))
      .map((trai) => ({
        value: `trai:${trai.id}`,
        label: `TRAI header ${trai.header} (${trai.domain ?? host})`,
        placement: { kind: 'trai', header: trai.header, domain: trai.domain } as const,
      })),
  ];
}

/** The choice to start from: the active TRAI header, else the active custom domain, else the first. */
export function initialChoice(
  choices: readonly PlacementChoice[],
  active: { active_custom_domain: string | null; active_trai_header: string | null } | null,
): PlacementChoice | null {
  const header = active?.active_trai_header;
  const domain = active?.active_custom_domain;
  return (
    (header ? choices.find((choice) => choice.placement.kind === 'trai' && choice.placement.header === header) : undefined) ??
    (domain ? choices.find((choice) => choice.placement.kind === 'custom' && choice.placement.domain === domain) : undefined) ??
    choices[0] ??
    null
  );
}

/**
 * The create payload's fields for a place: `custom_domain` (a host) for a custom domain; for a
 * TRAI header `trai_header`, with `custom_domain` when the header lives on a custom domain.
 */
export function placementPayload(placement: Placement): { custom_domain?: string; trai_header?: string } {
  if (placement.kind === 'custom') return { custom_domain: placement.domain };
  if (placement.kind === 'trai')
    return placement.domain ? { trai_header: placement.header, custom_domain: placement.domain } : { trai_header: placement.header };
  return {};
}

/**
 * The short URL a link will get, without the scheme: `{host}/{code}`, `{domain}/{code}` or
 * `{host or domain}/{HEADER}/{code}`; `code` is the chosen back-half, else "…" (generated).
 */
export function shortUrlPreview(placement: Placement, host: string, code: string): string {
  const tail = code.trim() || '…';
  return `${placementPrefix(placement, host)}${tail}`;
}

/** Everything before the short code: "links.acme.in/", "host/ACMEIN/". */
export function placementPrefix(placement: Placement, host: string): string {
  if (placement.kind === 'custom') return `${placement.domain}/`;
  if (placement.kind === 'trai') return `${placement.domain ?? host}/${placement.header}/`;
  return `${host}/`;
}

/** Where an existing link is served, for a person: read from the link's own fields. */
export function linkPlacement(link: { custom_domain: string | null; trai_header: string | null }): Placement {
  if (link.trai_header) return { kind: 'trai', header: link.trai_header, domain: link.custom_domain };
  if (link.custom_domain) return { kind: 'custom', domain: link.custom_domain };
  return DEFAULT_PLACEMENT;
}

/** What kind of place it is, in words: "default short domain", "custom domain", "TRAI header". */
export function placementKind(placement: Placement): string {
  return { default: 'default short domain', custom: 'custom domain', trai: 'TRAI header' }[placement.kind];
}
