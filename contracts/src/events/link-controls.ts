import { z } from 'zod';
import { headerSafeDestination } from '../destination.ts';

/**
 * A link's smart controls as events hold them (docs/links.md#smart-links): a schedule, an
 * expiry by time or by human clicks, a password (only its slow hash), targeting rules, an A/B
 * split and a social card. Every field is optional in `LinkCreated` and `LinkUpdated.changes`:
 * absent means "not set" on creation and "unchanged" in an edit; null (or an empty list)
 * clears it. Events written before smart links hold none of them.
 */
const StoredAddress = z.string().transform(headerSafeDestination);

/** The device classes a rule can name: the operating system, or the form factor. */
export const DEVICE_CLASSES = ['ios', 'android', 'mobile', 'desktop', 'windows', 'macos', 'linux'] as const;
export const DeviceClass = z.enum(DEVICE_CLASSES);
export type DeviceClass = z.infer<typeof DeviceClass>;

/**
 * What a targeting rule asks of a visit; every condition given must hold. `browser` is a
 * browser family as the user-agent parser names it, compared without case; `language` a
 * primary language tag ("hi", "en") matched against Accept-Language; `country` an ISO 3166
 * alpha-2 code from the IP database; `query` a parameter of the short URL's query (and its
 * value, when given); `before` / `after` ISO instants.
 */
export const StoredRuleConditions = z.object({
  device: DeviceClass.optional(),
  browser: z.string().optional(),
  language: z.string().optional(),
  country: z.string().optional(),
  query: z.object({ param: z.string(), value: z.string().optional() }).optional(),
  before: z.string().optional(),
  after: z.string().optional(),
});

const StoredTargetingRule = z.object({ url: StoredAddress, conditions: StoredRuleConditions });
export type TargetingRule = z.infer<typeof StoredTargetingRule>;

/** One destination of an A/B split and its share of the traffic no rule took, in percent. */
const StoredVariant = z.object({ url: StoredAddress, weight: z.number().int() });
export type Variant = z.infer<typeof StoredVariant>;

/** The preview card link-preview crawlers are shown (Open Graph and Twitter tags). */
const StoredSocialCard = z.object({ title: z.string(), description: z.string(), image_url: StoredAddress.nullable() });
export type SocialCard = z.infer<typeof StoredSocialCard>;

export const StoredLinkControls = z.object({
  /** ISO instant before which the link is not active yet. */
  starts_at: z.string().nullable().optional(),
  /** ISO instant from which the link has expired. */
  expires_at: z.string().nullable().optional(),
  /** Human clicks after which the link has expired; the click that reaches it is the last one redirected. */
  max_clicks: z.number().int().positive().nullable().optional(),
  /** Where visits go before the start and after expiry, instead of the "expired" or "not active yet" page. */
  expired_url: StoredAddress.nullable().optional(),
  /** The password's slow hash; the password itself is never recorded. */
  password_hash: z.string().nullable().optional(),
  rules: z.array(StoredTargetingRule).optional(),
  variants: z.array(StoredVariant).optional(),
  og: StoredSocialCard.nullable().optional(),
});
export type StoredLinkControls = z.infer<typeof StoredLinkControls>;
