// The domains feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { claimDroppedMail } from './claim-dropped-mail.ts';
export { deleteDomain } from './domain-claims.ts';
export { dropNoticeDecider } from './domain-deciders.ts';
export { domainInfo } from './domain-info.ts';
export { type DomainState, domainStream, evolveDomain, noDomain } from './domain-state.ts';
export { activePlace, type LinkPlacement, ON_OUR_HOST, placeApiLink, placeLink } from './link-placement.ts';
export { deleteTraiDecider } from './trai-deciders.ts';
export { releasePlaces } from './release-places.ts';
export { domainNoticeRecipients, mailableAddress } from './domain-notice-recipients.ts';
