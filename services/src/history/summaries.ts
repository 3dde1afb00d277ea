import { StoredLinkControls, domainEventOf, type RecordedEvent } from '@linkledger/contracts';
import { formatInr } from '../payments/index.ts';

const SMART_CONTROLS = Object.keys(StoredLinkControls.shape) as (keyof StoredLinkControls)[];

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A type name in words: `UserStatusChanged` → `User status changed`. */
const typeInWords = (type: string) =>
  type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^(.)(.*)$/, (_, first: string, rest: string) => first + rest.toLowerCase());

/**
 * One line saying what an event did, for the history and timelines. Secrets never appear:
 * only fields an admin may read go into the line.
 */
export function summarize(recorded: RecordedEvent): string {
  const event = domainEventOf(recorded);
  switch (event?.type) {
    case 'UserRegistered':
      return `Account ${event.data.user_id} registered as ${event.data.role}`;
    case 'EmailVerified':
      return 'E-mail address verified';
    case 'PasswordChanged':
      return 'Password changed';
    case 'SessionRevoked':
      return 'Signed out';
    case 'SignupToggled':
      return event.data.enabled ? 'Registration opened' : 'Registration closed';
    case 'UserStatusChanged':
      return `Account status ${event.data.previous} → ${event.data.status}`;
    case 'UserRoleChanged':
      return `Role ${event.data.previous} → ${event.data.role}`;
    case 'ApiKeyIssued':
      return 'API key issued';
    case 'ApiKeyRevoked':
      return `API key revoked (${event.data.reason})`;
    case 'ApiCallsMetered':
      return `${event.data.calls} API call${event.data.calls === 1 ? '' : 's'} counted`;
    case 'PlanChanged':
      return `Plan ${event.data.plan_type} (${event.data.billing_cycle}), ${event.data.status}, by ${event.data.reason}`;
    case 'CustomLimitsSet':
      return event.data.is_unlimited ? 'Custom limits: unlimited' : 'Custom limits set';
    case 'PlanUpdated':
      return `Plan ${event.data.name} edited`;
    case 'LinkCreated':
      return `Link /${event.data.short_code} created → ${clip(event.data.original_url)}`;
    case 'LinkUpdated': {
      const { changes } = event.data;
      const parts = [
        changes.original_url !== undefined ? `destination → ${clip(changes.original_url)}` : '',
        changes.title !== undefined ? 'title' : '',
        changes.description !== undefined ? 'description' : '',
        changes.is_active !== undefined ? (changes.is_active ? 'switched on' : 'switched off') : '',
        // Smart-link controls by name; the password's hash only as "password".
        ...SMART_CONTROLS.filter((field) => changes[field] !== undefined).map((field) => (field === 'password_hash' ? 'password' : field)),
      ].filter(Boolean);
      return `Link edited: ${parts.join(', ') || 'no change'}`;
    }
    case 'LinkDeleted':
      return `Link /${event.data.short_code} deleted`;
    case 'LinkModerated':
      return event.data.disabled ? `Link disabled by moderation: ${clip(event.data.reason)}` : 'Link enabled again by moderation';
    case 'LinkExpired':
      return `Link ${event.data.link_id} expired: ${event.data.reason === 'expires_at' ? 'its expiry time passed' : 'its click limit was reached'}`;
    case 'Clicked':
      return `Click on link ${event.data.link_id}${event.data.country ? ` from ${event.data.country}` : ''}${event.data.referrer ? ` via ${event.data.referrer}` : ''}${event.data.source === 'qr' ? ' (QR)' : ''}`;
    case 'ShortCodeClaimed':
      return `Short code /${event.data.short_code} claimed`;
    case 'PaymentOrderCreated':
      return `Order for ${event.data.plan_type} (${event.data.billing_cycle}, ${event.data.purpose}): ${formatInr(event.data.amount_paise)}`;
    case 'PaymentCaptured':
      return `Payment ${formatInr(event.data.amount_paise)} captured (${event.data.via}), receipt ${event.data.receipt_number}`;
    case 'PaymentFailed':
      return `Payment attempt failed: ${clip(event.data.reason)}`;
    case 'PaymentRefunded':
      return `Refund of ${formatInr(event.data.amount_paise)}`;
    case 'PaymentRequoted':
      return `Re-quoted at capture (${event.data.outcome === 'prorated' ? 'period prorated' : 'not applied'}): ordered ${formatInr(event.data.ordered_amount_paise)}, due ${event.data.due_amount_paise === null ? 'nothing' : formatInr(event.data.due_amount_paise)}`;
    case 'SubscriptionActivated':
    case 'SubscriptionRenewed':
      return `${event.type === 'SubscriptionRenewed' ? 'Renewed' : 'Activated'}: ${event.data.plan_type} (${event.data.billing_cycle}) until ${event.data.period_end.slice(0, 10)}`;
    case 'SubscriptionCancelled':
      return `Cancelled: ${event.data.plan_type} ends ${event.data.ends_at.slice(0, 10)}`;
    case 'SubscriptionExpired':
      return `Expired: ${event.data.plan_type} → free (${event.data.reason === 'refunded' ? 'refunded' : 'period ended'})`;
    case 'WorkspaceApiKeyCreated':
      return `Workspace ${event.data.workspace_id} API key “${clip(event.data.name, 64)}” (…${event.data.last_four}) created by user ${event.data.creator_id}: ${event.data.scopes.join(', ')}`;
    case 'WorkspaceApiKeyRevoked':
      return `Workspace ${event.data.workspace_id} API key “${clip(event.data.name, 64)}” of user ${event.data.creator_id} revoked by user ${event.data.revoked_by}`;
    case 'QrLogoUploaded':
      return `QR logo ${event.data.logo_id} uploaded (${event.data.content_type === 'image/png' ? 'PNG' : 'JPEG'}, ${event.data.width}×${event.data.height})`;
    case 'WorkspaceApiKeysUsed':
      return `Last use of ${event.data.keys.length} workspace API key${event.data.keys.length === 1 ? '' : 's'} noted`;
    case 'MailDelivered':
      return `Mail (${event.data.purpose}) ${event.data.ok ? 'handed to' : 'refused by'} ${event.data.transport}`;
    default:
      return typeInWords(recorded.type);
  }
}
