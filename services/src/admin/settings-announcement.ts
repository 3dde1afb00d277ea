import { loadStream } from '../commands/command-context.ts';
import { evolveSystem, evolveUser, initialSystem, noUser } from '../accounts/user-state.ts';
import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { Platform } from '../platform/platform.ts';

/*
 * The super admin is told of every change another admin makes to the settings that decide
 * who signs in and where account mail goes: the sign-in providers and the mail transport
 * (docs/admin.md#changes-the-super-admin-is-told-of).
 */

/** How one field of a setting is named in a notice; a secret's value is never shown, only that it changed. */
export type FieldLabels<T> = { [K in keyof T]?: { label: string; secret?: boolean } };

const shown = (value: unknown) => (value === '' || value === null || value === undefined ? '(none)' : String(value));

/** What changed between two versions of a setting (null: not there), one line per field, secrets never spelled out. */
export function describeChanges<T extends object>(before: T | null, after: T | null, labels: FieldLabels<T>): string[] {
  const lines: string[] = [];
  for (const key of Object.keys(labels) as (keyof T)[]) {
    const { label, secret = false } = labels[key]!;
    const old = before?.[key];
    const now = after?.[key];
    if (old === now || (shown(old) === '(none)' && shown(now) === '(none)')) continue;
    if (secret) lines.push(`${label}: ${!now ? 'removed' : old ? 'replaced' : 'set'}`);
    else lines.push(`${label}: ${shown(old)} → ${shown(now)}`);
  }
  return lines;
}

export function settingsChangedMail(to: string, change: { setting: string; adminEmail: string; at: Date; lines: string[] }): MailMessage {
  return {
    purpose: 'security_notice',
    environmentOnly: true,
    ...composeMail(
      to,
      `Linkledger: ${change.setting} changed by ${change.adminEmail}`,
      [
        `The admin ${change.adminEmail} changed ${change.setting} on ${change.at.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
        ...change.lines,
        'These settings decide who can sign in and where account e-mail goes. If you did not expect this change, review it in the admin panel and its event history, and remove the admin role from anyone you do not trust.',
      ],
      'You receive this notice as the super admin. It is always sent through the mail transport set in the server’s environment, never the admin-edited mail settings.',
    ),
  };
}

/**
 * Mails the notice to the super admin, through the environment's transport, when the change
 * was another admin's. The change is made already: a notice that cannot go out is logged.
 */
export async function announceToSuperAdmin(
  platform: Pick<Platform, 'events' | 'mailer' | 'clock'>,
  adminId: number,
  change: { setting: string; lines: string[] },
  log: (error: unknown) => void,
): Promise<void> {
  if (change.lines.length === 0) return;
  try {
    const { state: system } = await loadStream(platform.events, 'system', initialSystem, evolveSystem);
    if (system.superAdminId === null || system.superAdminId === adminId) return;
    const [{ state: superAdmin }, { state: admin }] = await Promise.all([
      loadStream(platform.events, `user-${system.superAdminId}`, noUser, evolveUser),
      loadStream(platform.events, `user-${adminId}`, noUser, evolveUser),
    ]);
    if (superAdmin.id === null || superAdmin.deleted) return;
    await platform.mailer.send(settingsChangedMail(superAdmin.email, { ...change, adminEmail: admin.email || `account ${adminId}`, at: platform.clock() }));
  } catch (error) {
    log(error);
  }
}
