import { z } from 'zod';

const id = z.number().int().positive();

/*
 * `user_id` in these events names the workspace that owns the domain claim or TRAI header, not
 * the person who acted (that is each event's actor). A personal workspace's id is its user's
 * id, so every event written before workspaces already names its owning workspace and none is
 * rewritten; a team workspace's events carry the team's id (docs/domains.md#events).
 */

/** A user added a custom domain (stream `domain-{domain_id}`), with the token its TXT record must carry. */
const CustomDomainAddedV1 = z.object({ domain_id: id, user_id: id, domain: z.string(), dns_token: z.string() });
/** Its DNS records were found right: the TXT token, and an A/AAAA/CNAME pointing here. */
const CustomDomainVerifiedV1 = z.object({ domain_id: id, user_id: id, domain: z.string() });
/** A re-check found its records gone or wrong: links stop being served on it until verified again. */
const CustomDomainUnverifiedV1 = z.object({ domain_id: id, user_id: id, domain: z.string(), failed_checks: z.array(z.string()) });
/** The user made it their active domain; their other domains stop being active. */
const CustomDomainActivatedV1 = z.object({ domain_id: id, user_id: id, domain: z.string() });
const CustomDomainDeletedV1 = z.object({ domain_id: id, user_id: id, domain: z.string() });
/**
 * A pending claim was dropped because another account proved the name first
 * (`verified_elsewhere`): it can no longer be verified and serves nothing; its owner sees why.
 */
const CustomDomainClaimDroppedV1 = z.object({
  domain_id: id,
  user_id: id,
  domain: z.string(),
  reason: z.enum(['verified_elsewhere']),
  winner_domain_id: id,
});
/**
 * The owner of a dropped claim was e-mailed that it was dropped (stream `domain-{domain_id}`):
 * recorded after the mail went, so a later round, a restart or a second process sends no other.
 */
const CustomDomainDropNoticeSentV1 = z.object({ domain_id: id, user_id: id });

/**
 * A host name taken across the installation (stream `domain-name-{domain}`), or let go when its
 * domain was deleted. Since claims may be pending side by side, it is taken when a claim is
 * verified; older logs took it when a domain was added.
 */
const DomainNameClaimedV1 = z.object({ domain: z.string(), domain_id: id });
const DomainNameReleasedV1 = z.object({ domain: z.string(), domain_id: id });

export const TraiDomainType = z.enum(['our_domain', 'custom_domain']);
export type TraiDomainType = z.infer<typeof TraiDomainType>;

/**
 * A user registered a TRAI sender header (stream `trai-{trai_id}`): on our own host, or on one
 * of their verified custom domains (`custom_domain_id`, with its host in `domain`).
 */
const TraiHeaderAddedV1 = z.object({
  trai_id: id,
  user_id: id,
  header: z.string().regex(/^[A-Z0-9]{6}$/),
  domain_type: TraiDomainType,
  custom_domain_id: id.nullable(),
  /** The custom domain's host, or null on our own host. */
  domain: z.string().nullable(),
  dns_token: z.string(),
});
const TraiHeaderVerifiedV1 = z.object({ trai_id: id, user_id: id, header: z.string() });
const TraiHeaderActivatedV1 = z.object({ trai_id: id, user_id: id, header: z.string() });
const TraiHeaderDeletedV1 = z.object({ trai_id: id, user_id: id, header: z.string() });
/**
 * A header on this service's own host awaits an administrator (stream `trai-{trai_id}`), with
 * the evidence its owner gave: the DLT registration id, or null when none was given.
 */
const TraiHeaderApprovalRequestedV1 = z.object({ trai_id: id, user_id: id, header: z.string(), dlt_registration_id: z.string().nullable() });
/** An administrator (the event's actor) approved a header on our host: links may use it from now on. */
const TraiHeaderApprovedV1 = z.object({ trai_id: id, user_id: id, header: z.string() });
/** An administrator refused it: it never serves, and the header is free for someone else to register. */
const TraiHeaderRejectedV1 = z.object({ trai_id: id, user_id: id, header: z.string(), reason: z.string() });

/** A (host, header) pair taken (stream `trai-name-{host or "ours"}-{header}`), or let go. */
const TraiHeaderClaimedV1 = z.object({ header: z.string(), domain: z.string().nullable(), trai_id: id });
const TraiHeaderReleasedV1 = z.object({ header: z.string(), domain: z.string().nullable(), trai_id: id });

export const domainEvents = {
  CustomDomainAdded: { 1: CustomDomainAddedV1 },
  CustomDomainVerified: { 1: CustomDomainVerifiedV1 },
  CustomDomainUnverified: { 1: CustomDomainUnverifiedV1 },
  CustomDomainActivated: { 1: CustomDomainActivatedV1 },
  CustomDomainDeleted: { 1: CustomDomainDeletedV1 },
  CustomDomainClaimDropped: { 1: CustomDomainClaimDroppedV1 },
  CustomDomainDropNoticeSent: { 1: CustomDomainDropNoticeSentV1 },
  DomainNameClaimed: { 1: DomainNameClaimedV1 },
  DomainNameReleased: { 1: DomainNameReleasedV1 },
  TraiHeaderAdded: { 1: TraiHeaderAddedV1 },
  TraiHeaderVerified: { 1: TraiHeaderVerifiedV1 },
  TraiHeaderActivated: { 1: TraiHeaderActivatedV1 },
  TraiHeaderDeleted: { 1: TraiHeaderDeletedV1 },
  TraiHeaderApprovalRequested: { 1: TraiHeaderApprovalRequestedV1 },
  TraiHeaderApproved: { 1: TraiHeaderApprovedV1 },
  TraiHeaderRejected: { 1: TraiHeaderRejectedV1 },
  TraiHeaderClaimed: { 1: TraiHeaderClaimedV1 },
  TraiHeaderReleased: { 1: TraiHeaderReleasedV1 },
} as const;
