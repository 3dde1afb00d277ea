import type { EventData, EventType } from './catalog.ts';

/**
 * Which fields of which events are personal data (docs/privacy.md). The event store writes
 * each of them encrypted under the data key of the user named by `subject`, a field of the
 * same event holding a user id; reading decrypts them. Once that user's key is destroyed
 * (the account was deleted) a read gives `shredded` instead: the replacement keeps the
 * field's type, so every schema still parses and the log still replays.
 *
 * A feature whose events carry anything a person typed or is identified by (an address, a
 * name, a phone number, a message, a password hash) lists those fields here.
 */
interface PersonalFields<T extends EventType> {
  subject: keyof EventData[T] & string;
  /** Each personal field and what it reads as once the key is gone. */
  shredded: Partial<Record<keyof EventData[T] & string, string>>;
}

type PersonalDataMap = { [T in EventType]?: PersonalFields<T> };

/** The address a shredded e-mail reads as: never deliverable (RFC 2606's `.invalid`). */
export const shreddedEmail = 'deleted-user@deleted.invalid';
/** What a shredded name reads as wherever it is shown. */
export const shreddedName = 'Deleted user';
/** What shredded free text (a support ticket's subject or message) reads as. */
const shreddedText = '[deleted]';

export const personalData: PersonalDataMap = {
  UserRegistered: { subject: 'user_id', shredded: { email: shreddedEmail, password_hash: '', full_name: shreddedName } },
  PasswordChanged: { subject: 'user_id', shredded: { password_hash: '' } },
  EmailTokenIssued: { subject: 'user_id', shredded: { email: shreddedEmail } },
  ProfileUpdated: { subject: 'user_id', shredded: { username: 'deleted-user', full_name: shreddedName, phone: '' } },
  EmailChangeRequested: { subject: 'user_id', shredded: { new_email: shreddedEmail } },
  EmailChanged: { subject: 'user_id', shredded: { email: shreddedEmail, previous_email: shreddedEmail } },
  SessionStarted: { subject: 'user_id', shredded: { user_agent: '' } },
  SupportTicketOpened: { subject: 'user_id', shredded: { subject: shreddedText, message: shreddedText } },
  SupportTicketReplied: { subject: 'user_id', shredded: { message: shreddedText } },
  WorkspaceInviteSent: { subject: 'inviter_id', shredded: { email: shreddedEmail } },
  SurveyResponded: { subject: 'sealed_for', shredded: { text_answers: '{}' } },
  MailOwed: { subject: 'user_id', shredded: { to: shreddedEmail, about: shreddedEmail, subject: shreddedText, text: shreddedText, html: shreddedText } },
};

export function personalFieldsOf(type: string): PersonalFields<EventType> | undefined {
  return (personalData as Record<string, PersonalFields<EventType> | undefined>)[type];
}
