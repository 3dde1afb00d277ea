import { composePasswordResetMail, composeVerificationMail } from '../accounts/account-owed-mail.ts';
import { composeEmailChangeMail, composeEmailChangedNotice } from '../settings/settings-owed-mail.ts';
import { composeWrittenMail } from '../owed-mail/compose-written-mail.ts';
import type { OwedMailComposers } from '../owed-mail/owed-mail-sender.ts';

/** How each kind of owed mail is written, by the feature that owes it. */
export const owedMailComposers: OwedMailComposers = {
  verify_email: composeVerificationMail,
  reset_password: composePasswordResetMail,
  change_email: composeEmailChangeMail,
  email_changed_notice: composeEmailChangedNotice,
  support_ticket: composeWrittenMail,
  support_reply: composeWrittenMail,
  security_notice: composeWrittenMail,
  workspace_invite: composeWrittenMail,
  trai_decision: composeWrittenMail,
  link_expired: composeWrittenMail,
  webhook_failing: composeWrittenMail,
};
