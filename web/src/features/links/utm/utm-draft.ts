import { UTM_FIELDS, withUtmParameters } from '@linkledger/contracts/utm-address';
import type { Link } from '../../../api/types.ts';

/** The builder's five fields as typed (docs/links.md#utm-parameters). */
type UtmField = (typeof UTM_FIELDS)[number];
export type UtmDraft = Record<UtmField, string>;
/** What the create and edit calls send: a value, or null to remove one in an edit. */
type UtmPayload = Partial<Record<UtmField, string | null>>;

export const UTM_LABELS: Record<UtmField, { label: string; placeholder: string }> = {
  utm_source: { label: 'Source', placeholder: 'newsletter' },
  utm_medium: { label: 'Medium', placeholder: 'email' },
  utm_campaign: { label: 'Campaign', placeholder: 'spring-sale' },
  utm_term: { label: 'Term', placeholder: 'running shoes' },
  utm_content: { label: 'Content', placeholder: 'header-button' },
};

export { UTM_FIELDS };

export const emptyUtm: UtmDraft = { utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '' };

/** A saved link's (or template's) parameters as the builder shows them. */
export const utmDraftOf = (values: Partial<Record<UtmField, string | null>>): UtmDraft =>
  Object.fromEntries(UTM_FIELDS.map((field) => [field, values[field] ?? ''])) as UtmDraft;

/** The parameters a new link is created with: the filled-in ones, trimmed. */
export function createUtm(draft: UtmDraft): UtmPayload {
  return Object.fromEntries(UTM_FIELDS.flatMap((field) => (draft[field].trim() ? [[field, draft[field].trim()]] : [])));
}

/** What an edit changes: a changed value, or null for one emptied. */
export function changedUtm(link: Pick<Link, UtmField>, draft: UtmDraft): UtmPayload {
  return Object.fromEntries(
    UTM_FIELDS.flatMap((field) => {
      const typed = draft[field].trim();
      const saved = link[field] ?? '';
      if (typed === saved) return [];
      return [[field, typed === '' ? null : typed]];
    }),
  );
}

/** The address visitors will be sent to, as the redirect builds it; null while the destination is not an address yet. */
export function finalUrl(destination: string, draft: UtmDraft): string | null {
  const typed = destination.trim();
  if (!/^https?:\/\/\S+$/i.test(typed)) return null;
  return withUtmParameters(typed, Object.fromEntries(UTM_FIELDS.map((field) => [field, draft[field].trim()])));
}

export const hasUtm = (draft: UtmDraft) => UTM_FIELDS.some((field) => draft[field].trim() !== '');
