import { domainEventOf, type EmailStats } from '@linkledger/contracts';
import { USERS } from '@linkledger/projections';
import type { z } from 'zod';
import { deliveriesStream } from './configured-mailer.ts';
import { chosenTransport, loadEmailSettings } from './email-settings.ts';
import type { Platform } from '../platform/platform.ts';

/** Accounts that exist: a deleted one stays in the read model, anonymized, and is not counted. */
const EXISTING = { status: { in: ['active', 'suspended', 'banned'] } };

/**
 * The E-mail tab's statistics (docs/admin.md#e-mail): this month's deliveries by purpose, from
 * the deliveries stream, and the users' verification from the read model. Verification
 * e-mails sent are the month's `verify_email` deliveries, so they follow however account mail
 * comes to be sent, as long as each delivery is recorded with its purpose.
 */
export async function emailStatistics(platform: Pick<Platform, 'clock' | 'events' | 'read' | 'mailer'>): Promise<z.infer<typeof EmailStats>> {
  const now = platform.clock();
  const [{ settings }, deliveries, total_users, verified_users] = await Promise.all([
    loadEmailSettings(platform.events),
    platform.events.readStream(deliveriesStream(now)),
    platform.read.count(USERS, EXISTING),
    platform.read.count(USERS, { ...EXISTING, is_verified: true }),
  ]);
  let sent = 0;
  let failed = 0;
  const by_purpose: Record<string, number> = {};
  let last_sent_at: string | null = null;
  let last_failure: { at: string; error: string } | null = null;
  for (const recorded of deliveries) {
    const event = domainEventOf(recorded);
    if (event?.type !== 'MailDelivered') continue;
    if (event.data.ok) {
      sent += 1;
      by_purpose[event.data.purpose] = (by_purpose[event.data.purpose] ?? 0) + 1;
      last_sent_at = recorded.metadata.at;
    } else {
      failed += 1;
      last_failure = { at: recorded.metadata.at, error: event.data.error };
    }
  }
  return {
    transport: chosenTransport(settings) ?? platform.mailer.adapter,
    month: now.toISOString().slice(0, 7),
    sent,
    failed,
    by_purpose,
    last_sent_at,
    last_failure,
    total_users,
    verified_users,
    unverified_users: total_users - verified_users,
    verification_emails_sent: by_purpose.verify_email ?? 0,
    verification_rate: total_users === 0 ? 0 : Math.round((verified_users / total_users) * 1000) / 10,
  };
}
