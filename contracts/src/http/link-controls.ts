import { z } from 'zod';
import { Destination } from './destination-field.ts';
import { DEVICE_CLASSES, StoredRuleConditions } from '../events/link-controls.ts';

/**
 * A link's smart controls as the API takes and answers them (docs/links.md#smart-links).
 * These schemas check each field's shape; what depends on the whole link or on the time (a
 * past expiry, weights that do not sum to 100, more than 20 rules, a rule without
 * conditions, an address that loops back to us) is the link decider's to refuse.
 */
const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, message: `${name} must be an ISO date and time, e.g. 2026-12-31T18:30:00Z` })
    .transform((value) => new Date(value).toISOString());

/** Generous bounds on list sizes, so a hostile body cannot be large; the decider holds the real limits. */
const LIST_BOUND = 50;

const RuleConditionsInput = z.strictObject(
  {
    device: z.enum(DEVICE_CLASSES, { message: `device must be one of: ${DEVICE_CLASSES.join(', ')}` }).optional(),
    browser: z
      .string({ message: 'browser must be text' })
      .trim()
      .min(1, 'browser must not be empty')
      .max(40, 'browser must be at most 40 characters')
      .optional(),
    language: z
      .string({ message: 'language must be text' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2,3}$/, 'language must be a two- or three-letter language code, e.g. hi or en')
      .optional(),
    country: z
      .string({ message: 'country must be text' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'country must be a two-letter country code, e.g. IN')
      .optional(),
    query: z
      .strictObject({
        param: z
          .string({ message: 'query.param must be text' })
          .trim()
          .min(1, 'query.param must not be empty')
          .max(100, 'query.param must be at most 100 characters'),
        value: z.string({ message: 'query.value must be text' }).max(500, 'query.value must be at most 500 characters').optional(),
      })
      .optional(),
    before: instant('before').optional(),
    after: instant('after').optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `A rule's conditions are device, browser, language, country, query, before and after; remove ${issue.keys.join(', ')}`
        : undefined,
  },
);

const TargetingRuleInput = z.strictObject({ url: Destination, conditions: RuleConditionsInput });

const VariantInput = z.strictObject({
  url: Destination,
  weight: z
    .number({ message: 'weight must be a whole number from 1 to 99' })
    .int('weight must be a whole number from 1 to 99')
    .min(1, 'weight must be at least 1')
    .max(99, 'weight must be at most 99'),
});

const SocialCardInput = z.strictObject({
  title: z.string({ message: 'og.title must be text' }).trim().max(200, 'og.title must be at most 200 characters'),
  description: z.string({ message: 'og.description must be text' }).trim().max(500, 'og.description must be at most 500 characters').optional().default(''),
  image_url: Destination.nullable().optional().default(null),
});

const Password = z
  .string({ message: 'password must be text' })
  .min(4, 'password must be at least 4 characters')
  .max(128, 'password must be at most 128 characters');

/** The controls a new link may take; absent fields are not set. */
export const LinkControlsInput = {
  starts_at: instant('starts_at').nullish(),
  expires_at: instant('expires_at').nullish(),
  max_clicks: z
    .number({ message: 'max_clicks must be a whole number, 1 or more' })
    .int('max_clicks must be a whole number, 1 or more')
    .min(1, 'max_clicks must be 1 or more')
    .max(1_000_000_000, 'max_clicks must be at most 1,000,000,000')
    .nullish(),
  expired_url: Destination.nullish(),
  /** Write-only: the link answers `has_password`, never the password or its hash; null or "" removes it. */
  password: z.preprocess((value) => (value === '' ? null : value), Password.nullish()),
  rules: z
    .array(TargetingRuleInput, { message: 'rules must be a list of { url, conditions }' })
    .max(LIST_BOUND, `rules must hold at most ${LIST_BOUND} entries`)
    .optional(),
  variants: z
    .array(VariantInput, { message: 'variants must be a list of { url, weight }' })
    .max(LIST_BOUND, `variants must hold at most ${LIST_BOUND} entries`)
    .optional(),
  og: SocialCardInput.nullish(),
};

/** The same fields in an edit: absent leaves a control as it is, null (or []) removes it. */
export const LinkControlsChanges = LinkControlsInput;

/** The controls as a link answers them. */
export const LinkControlsView = {
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  max_clicks: z.number().nullable(),
  expired_url: z.string().nullable(),
  has_password: z.boolean(),
  rules: z.array(z.object({ url: z.string(), conditions: StoredRuleConditions })),
  variants: z.array(z.object({ url: z.string(), weight: z.number() })),
  og: z.object({ title: z.string(), description: z.string(), image_url: z.string().nullable() }).nullable(),
  /** Recorded as expired (by time or by clicks); a link past its expiry time reads expired at once. */
  expired: z.boolean(),
};

/** `POST /api/links/preview-card`: the page whose own tags prefill a link's social card. */
export const PreviewCardBody = z.strictObject({ url: Destination });

/** The card as the page describes it, cut to the card's limits; empty texts and a null image where it says nothing. */
export const PreviewCardResponse = z.object({ title: z.string(), description: z.string(), image_url: z.string().nullable() });

/** Ends a link's A/B split: the variant (1-based, as analytics number them) becomes its destination. */
export const PromoteVariantBody = z.strictObject({
  variant: z
    .number({ message: 'variant must be the number of one of the link’s variants, from 1' })
    .int('variant must be the number of one of the link’s variants, from 1')
    .min(1, 'variant must be the number of one of the link’s variants, from 1'),
});
