import type { DomainEvent } from '@linkledger/contracts';
import { handleMultiStreamCommand, type Decider, type Handled } from '../commands/command-handler.ts';
import { loadStream, type CommandContext } from '../commands/command-context.ts';
import { mailToOwe, type OwingDeps, evolveSystem, evolveUser, initialSystem, noUser } from '../accounts/index.ts';
import { mailOwed, owingMail } from '../owed-mail/index.ts';
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

/** What a change is told as: the setting's name and one line per changed field. */
export interface SettingsChange {
  setting: string;
  lines: string[];
}

/**
 * Runs an admin's command on a setting the super admin is told of: when it was another
 * admin's and changed something, the notice is owed in the command's own append and sent
 * through the environment's transport (docs/operations.md#mail-that-is-never-lost). The
 * change is made either way: a notice that cannot go out now is logged and sent later.
 */
export async function handleTellingSuperAdmin<C, S>(
  platform: OwingDeps & Pick<Platform, 'clock'>,
  context: CommandContext,
  adminId: number,
  decider: Decider<C, S>,
  command: C,
  describe: (decided: DomainEvent[], before: S) => SettingsChange,
  log: (error: unknown) => void,
): Promise<Handled<S>> {
  const recipient = await noticeRecipient(platform, adminId);
  const mail = mailToOwe(platform, context);
  const notice = (decided: DomainEvent[], before: S): DomainEvent | null => {
    if (!recipient) return null;
    const change = describe(decided, before);
    if (change.lines.length === 0) return null;
    const written = settingsChangedMail(recipient.to, { ...change, adminEmail: recipient.adminEmail, at: context.now });
    return mailOwed(mail, { kind: 'security_notice', userId: recipient.superAdminId, place: { base: '', environmentOnly: true }, to: recipient.to, written });
  };
  const handled = await handleMultiStreamCommand(platform, context, owingMail(decider, mail.mailId, notice), command);
  if (handled.events.some((event) => event.type === 'MailOwed')) await platform.owedMail.deliver(mail.mailId).catch(log);
  return { ...handled, events: handled.events.filter((event) => event.type !== 'MailOwed'), state: handled.state.main };
}

/** Who is told of a change by this admin: the super admin, unless it is the super admin's own change. */
async function noticeRecipient(platform: Pick<Platform, 'events'>, adminId: number): Promise<{ superAdminId: number; to: string; adminEmail: string } | null> {
  const { state: system } = await loadStream(platform.events, 'system', initialSystem, evolveSystem);
  if (system.superAdminId === null || system.superAdminId === adminId) return null;
  const [{ state: superAdmin }, { state: admin }] = await Promise.all([
    loadStream(platform.events, `user-${system.superAdminId}`, noUser, evolveUser),
    loadStream(platform.events, `user-${adminId}`, noUser, evolveUser),
  ]);
  if (superAdmin.id === null || superAdmin.deleted) return null;
  return { superAdminId: superAdmin.id, to: superAdmin.email, adminEmail: admin.email || `account ${adminId}` };
}
