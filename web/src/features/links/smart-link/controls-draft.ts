import type { DeviceClass, TargetingRule } from '@linkledger/contracts';
import type { LinkControlsPayload } from '../../../api/endpoints.ts';
import type { Link } from '../../../api/types.ts';
import { dateTimeInputValue, isoFromDateTimeInput } from '../../../format/dates.ts';

/*
 * The Smart link area of the Create and Edit dialogs as the form holds it (docs/links.md#smart-links):
 * text as typed, times as `datetime-local` values in the viewer's time zone. What create sends
 * and what an edit changes are built here, so both dialogs send the same shapes.
 */

export interface RuleDraft {
  url: string;
  device: DeviceClass | '';
  browser: string;
  language: string;
  country: string;
  queryParam: string;
  queryValue: string;
  before: string;
  after: string;
}

export interface VariantDraft {
  url: string;
  weight: string;
}

/** Keep the password as it is, set (or change) it, or remove it. */
export type PasswordChoice = 'keep' | 'set' | 'remove';

export interface ControlsDraft {
  startsAt: string;
  expiresAt: string;
  maxClicks: string;
  expiredUrl: string;
  passwordChoice: PasswordChoice;
  password: string;
  rules: RuleDraft[];
  variants: VariantDraft[];
  ogTitle: string;
  ogDescription: string;
  ogImageUrl: string;
}

export const MAX_RULES = 20;
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;

export const emptyRule = (): RuleDraft => ({
  url: '',
  device: '',
  browser: '',
  language: '',
  country: '',
  queryParam: '',
  queryValue: '',
  before: '',
  after: '',
});
export const emptyVariant = (weight = ''): VariantDraft => ({ url: '', weight });

/** A plain link's draft: nothing set (a new link starts here). */
export function emptyControls(): ControlsDraft {
  return {
    startsAt: '',
    expiresAt: '',
    maxClicks: '',
    expiredUrl: '',
    passwordChoice: 'keep',
    password: '',
    rules: [],
    variants: [],
    ogTitle: '',
    ogDescription: '',
    ogImageUrl: '',
  };
}

/** A link's controls as the Edit dialog starts from (never its password: only whether it has one). */
export function controlsDraftOf(link: Link): ControlsDraft {
  return {
    ...emptyControls(),
    startsAt: dateTimeInputValue(link.starts_at),
    expiresAt: dateTimeInputValue(link.expires_at),
    maxClicks: link.max_clicks === null ? '' : String(link.max_clicks),
    expiredUrl: link.expired_url ?? '',
    rules: link.rules.map(ruleDraftOf),
    variants: link.variants.map((variant) => ({ url: variant.url, weight: String(variant.weight) })),
    ogTitle: link.og?.title ?? '',
    ogDescription: link.og?.description ?? '',
    ogImageUrl: link.og?.image_url ?? '',
  };
}

function ruleDraftOf(rule: TargetingRule): RuleDraft {
  const { conditions } = rule;
  return {
    url: rule.url,
    device: conditions.device ?? '',
    browser: conditions.browser ?? '',
    language: conditions.language ?? '',
    country: conditions.country ?? '',
    queryParam: conditions.query?.param ?? '',
    queryValue: conditions.query?.value ?? '',
    before: dateTimeInputValue(conditions.before ?? null),
    after: dateTimeInputValue(conditions.after ?? null),
  };
}

/** A typed time that is not a moment goes as typed, so the server names the field; empty is no time. */
const instantOf = (value: string): string | null => (value.trim() ? (isoFromDateTimeInput(value) ?? value.trim()) : null);
/** A typed number goes as a number when it is one (else as typed, for the server to name). */
const numberOf = (value: string): number | null => (value.trim() ? Number(value.trim()) : null);
const textOf = (value: string): string | null => value.trim() || null;

function ruleOf(draft: RuleDraft): TargetingRule {
  const conditions: TargetingRule['conditions'] = {};
  if (draft.device) conditions.device = draft.device;
  if (draft.browser.trim()) conditions.browser = draft.browser.trim();
  if (draft.language.trim()) conditions.language = draft.language.trim();
  if (draft.country.trim()) conditions.country = draft.country.trim();
  if (draft.queryParam.trim()) conditions.query = { param: draft.queryParam.trim(), ...(draft.queryValue ? { value: draft.queryValue } : {}) };
  const before = instantOf(draft.before);
  const after = instantOf(draft.after);
  if (before) conditions.before = before;
  if (after) conditions.after = after;
  return { url: draft.url.trim(), conditions };
}

const variantsOf = (drafts: readonly VariantDraft[]) => drafts.map((draft) => ({ url: draft.url.trim(), weight: numberOf(draft.weight) ?? 0 }));

function ogOf(draft: ControlsDraft): LinkControlsPayload['og'] {
  if (!draft.ogTitle.trim() && !draft.ogDescription.trim() && !draft.ogImageUrl.trim()) return null;
  return { title: draft.ogTitle.trim(), description: draft.ogDescription.trim(), image_url: textOf(draft.ogImageUrl) };
}

/** Every control the draft holds, as the API takes them (null for one not set). */
function payloadOf(draft: ControlsDraft) {
  return {
    starts_at: instantOf(draft.startsAt),
    expires_at: instantOf(draft.expiresAt),
    max_clicks: numberOf(draft.maxClicks),
    expired_url: textOf(draft.expiredUrl),
    rules: draft.rules.map(ruleOf),
    variants: variantsOf(draft.variants),
    og: ogOf(draft),
  } satisfies LinkControlsPayload;
}

/** What a new link sends: only the controls that are set. */
export function createControls(draft: ControlsDraft): LinkControlsPayload {
  const controls: LinkControlsPayload = {};
  for (const [key, value] of Object.entries(payloadOf(draft)) as [keyof ReturnType<typeof payloadOf>, unknown][]) {
    if (value === null || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(controls, { [key]: value });
  }
  if (draft.passwordChoice === 'set' && draft.password) controls.password = draft.password;
  return controls;
}

/** The link's own controls in the same shape, to compare an edit against. */
function linkPayload(link: Link): ReturnType<typeof payloadOf> {
  return {
    starts_at: link.starts_at,
    expires_at: link.expires_at,
    max_clicks: link.max_clicks,
    expired_url: link.expired_url,
    rules: link.rules,
    variants: link.variants,
    og: link.og,
  };
}

/** A value compared by content: key order and a time's written form do not count as changes. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, normalised(item)]),
    );
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return toTheMinute(value);
  return value;
}

/** The dialog sets times to the minute: a stored time's seconds are no change. */
function toTheMinute(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  date.setSeconds(0, 0);
  return date.toISOString();
}

/** What an edit sends: only the controls that differ from the link's; null (or []) removes one. */
export function changedControls(link: Link, draft: ControlsDraft): LinkControlsPayload {
  const wanted = payloadOf(draft);
  const current = linkPayload(link);
  const changes: LinkControlsPayload = {};
  for (const key of Object.keys(wanted) as (keyof typeof wanted)[]) {
    if (!sameValue(wanted[key], current[key])) Object.assign(changes, { [key]: wanted[key] });
  }
  if (draft.passwordChoice === 'set' && draft.password) changes.password = draft.password;
  if (draft.passwordChoice === 'remove' && link.has_password) changes.password = null;
  return changes;
}

/** The split's weights added up (what is not a number counts as 0). */
export const weightTotal = (variants: readonly VariantDraft[]) =>
  variantsOf(variants).reduce((sum, variant) => sum + (Number.isFinite(variant.weight) ? variant.weight : 0), 0);

/** Why the draft cannot be saved as it is, before asking the server, by the control it concerns. */
export function draftProblems(draft: ControlsDraft): Partial<Record<'max_clicks' | 'variants', string>> {
  const problems: Partial<Record<'max_clicks' | 'variants', string>> = {};
  const clicks = numberOf(draft.maxClicks);
  if (clicks !== null && !(Number.isInteger(clicks) && clicks >= 1)) problems.max_clicks = 'max_clicks must be a whole number, 1 or more';
  const total = weightTotal(draft.variants);
  if (draft.variants.length > 0 && total !== 100) problems.variants = `The weights add up to ${total}; they must add up to 100.`;
  return problems;
}
