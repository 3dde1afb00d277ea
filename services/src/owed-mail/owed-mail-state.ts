import type { DomainEvent, OwedMailKind } from '@linkledger/contracts';

/** Each owed mail's own stream: its debt, its leases and its end (docs/operations.md#mail-that-is-never-lost). */
export const owedMailStream = (mailId: string) => `owed-mail-${mailId}`;

export interface OwedMail {
  mailId: string;
  kind: OwedMailKind;
  userId: number;
  linkBase: string;
  environmentOnly: boolean;
  giveUpAt: string;
  /** The recipient when it is not the account's current address, else ''. */
  to: string;
  /** The address the mail is about, else ''. */
  about: string;
  /** A mail written when it was owed; null for the kinds written when they are sent. */
  written: { subject: string; text: string; html: string } | null;
}

/** What an `owed-mail-{id}` stream says. */
export interface OwedMailState {
  owed: OwedMail | null;
  /** Nobody but the lease's holder tries it before then (ISO). */
  leaseUntil: string | null;
  /** Sent, or given up: either way never tried again. */
  ended: boolean;
}

export const noOwedMail: OwedMailState = { owed: null, leaseUntil: null, ended: false };

export function evolveOwedMail(state: OwedMailState, event: DomainEvent): OwedMailState {
  switch (event.type) {
    case 'MailOwed': {
      const { mail_id, kind, user_id, link_base, environment_only, give_up_at, to, about, lease_until, subject, text, html } = event.data;
      const written = subject === '' && text === '' ? null : { subject, text, html };
      return {
        owed: { mailId: mail_id, kind, userId: user_id, linkBase: link_base, environmentOnly: environment_only, giveUpAt: give_up_at, to, about, written },
        leaseUntil: lease_until,
        ended: false,
      };
    }
    case 'MailLeased':
      return { ...state, leaseUntil: event.data.lease_until };
    case 'MailSent':
    case 'MailAbandoned':
      return { ...state, ended: true };
    default:
      return state;
  }
}
