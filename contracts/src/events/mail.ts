import { z } from 'zod';

const userId = z.number().int().positive();
const isoTime = z.string();

/**
 * The mails a command owes and a sender delivers after it, whatever happens to the process
 * in between (docs/operations.md#mail-that-is-never-lost). Each owed mail has its own stream
 * (`owed-mail-{mail_id}`), written in the same atomic append as the command that owes it.
 */
export const OwedMailKind = z.enum([
  /** A link that verifies the account's address, to the account's address. */
  'verify_email',
  /** A password reset link, to the account's address. */
  'reset_password',
  /** The link that confirms an e-mail change, to the requested new address. */
  'change_email',
  /** The notice to the previous address that the account's address was changed. */
  'email_changed_notice',
  /** The confirmation of a support ticket, to its owner (written when it was owed). */
  'support_ticket',
  /** An admin's answer on a support ticket, to its owner (written when it was owed). */
  'support_reply',
  /** The super admin told of another admin's change to sign-in or mail settings (written when it was owed). */
  'security_notice',
  /** An invite to a workspace, to the invited address (written when it was owed, sealed under the inviter's key). */
  'workspace_invite',
  /** An administrator's approval or rejection of a TRAI header on our host, to the workspace's owners and admins and its submitter (written when it was owed). */
  'trai_decision',
  /** A link expired (by time or by clicks), to its workspace's owners and admins (written when it was owed). */
  'link_expired',
  /** A webhook's deliveries keep failing, or it was switched off for it, to its workspace's owners and admins (written when it was owed). */
  'webhook_failing',
]);
export type OwedMailKind = z.infer<typeof OwedMailKind>;

const MailOwedV1 = z.object({
  mail_id: z.string().uuid(),
  kind: OwedMailKind,
  /** The account the mail is for (and whose data key seals `to` and `about`). */
  user_id: userId,
  /** Where its links lead, chosen when the command was decided (docs/admin.md#e-mail). */
  link_base: z.string(),
  /** Only through the environment's transport (an admin's or the super admin's sign-in link). */
  environment_only: z.boolean(),
  /** Until then only the request that owed it tries to send it; after it, the sender does. */
  lease_until: isoTime,
  /** After this the mail is of no use (its link would have expired): it is given up. */
  give_up_at: isoTime,
  /** The recipient when it is not the account's current address ('' otherwise). */
  to: z.string(),
  /** The address the mail is about, where it names one ('' otherwise). */
  about: z.string(),
  /**
   * A mail with no link to mint is written when it is owed: its subject and body, sealed like
   * `to` ('' for the kinds written when they are sent).
   */
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/** A sender took the mail over from an expired lease: nobody else tries it until `lease_until`. */
const MailLeasedV1 = z.object({ mail_id: z.string().uuid(), lease_until: isoTime });

/** The transport accepted it: it is never sent again. */
const MailSentV1 = z.object({ mail_id: z.string().uuid() });

/** Not sent, and never will be: why, in a word. */
const MailAbandonedV1 = z.object({
  mail_id: z.string().uuid(),
  reason: z.enum(['expired', 'not_needed', 'account_gone', 'no_link_base']),
});

export const mailEvents = {
  MailOwed: { 1: MailOwedV1 },
  MailLeased: { 1: MailLeasedV1 },
  MailSent: { 1: MailSentV1 },
  MailAbandoned: { 1: MailAbandonedV1 },
} as const;
