// The links feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { LINK_NOT_FOUND } from './link-deciders.ts';
export { publicBase, shortUrl, toLinkResponse, type LabelNames } from './link-response.ts';
export { workspaceLabels } from './labels/workspace-labels.ts';
export { deleteTagsNamed, renameTagNamed } from './labels/tags-by-name.ts';
export { evolveLabels, labelsStream, noLabels, type LabelsState } from './labels/label-state.ts';
export { type EditableLink, evolveEditableLink, evolveLink, type LinkState } from './link-state.ts';
export { refuseLoopingDestination, refuseLoopingDestinationOn } from './loop-guard.ts';
export { ADMINS_MODERATE, moderateLinkDecider } from './link-moderation-deciders.ts';
export { requestedTarget } from './short-codes.ts';
export { updateLink } from './update-link.ts';
export { bulkDeleteLinks } from './bulk-delete.ts';
export { recordLinkExpired } from './link-expiry.ts';
export { createLinkFromRequest } from './create-link-route.ts';
export { editLinkFromRequest } from './edit-link-request.ts';
export { deleteLinkDecider, ShortCodeTaken } from './link-deciders.ts';
export { InvalidShortCode, recordLink } from './create-link.ts';
export { linkFilter, linkSort } from './list-query.ts';
export { storedOrganization } from './link-organization-input.ts';
