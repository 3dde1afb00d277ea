import { createHash } from 'node:crypto';
import type { DomainEvent, OwedMailKind } from '@linkledger/contracts';
import { asMultiStream, type Decider, type MultiStreamDecider, type StreamSpec } from '../commands/command-handler.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { LinkPlace } from '../mail/sign-in-link-mail.ts';
import { evolveOwedMail, noOwedMail, owedMailStream, type OwedMailState } from './owed-mail-state.ts';

/**
 * How long each kind of mail is worth trying: a link mail while its link would be, a notice
 * for a week (docs/operations.md#mail-that-is-never-lost).
 */
export const GIVE_UP_AFTER_MS: Record<OwedMailKind, number> = {
  verify_email: 24 * 3_600_000,
  reset_password: 3_600_000,
  change_email: 24 * 3_600_000,
  email_changed_notice: 7 * 24 * 3_600_000,
  support_ticket: 7 * 24 * 3_600_000,
  support_reply: 7 * 24 * 3_600_000,
  security_notice: 7 * 24 * 3_600_000,
  workspace_invite: 7 * 24 * 3_600_000,
  trai_decision: 7 * 24 * 3_600_000,
  link_expired: 7 * 24 * 3_600_000,
  webhook_failing: 7 * 24 * 3_600_000,
};

/** A mail a command will owe, minted before it is decided (the id, and the times from the request's clock). */
export interface MailToOwe {
  mailId: string;
  /** When the command is decided. */
  now: Date;
  /** How long the request's own attempt holds the mail before the sender may try it. */
  retryMs: number;
}

/** The stream of the mail a command owes: new, so the command's append creates it. */
export const owedMailSpec = (mailId: string): StreamSpec<OwedMailState> => ({
  stream: owedMailStream(mailId),
  initialState: noOwedMail,
  evolve: evolveOwedMail,
});

/** The event that records the debt, for the decider of the command that owes the mail. */
export function mailOwed(
  mail: MailToOwe,
  what: { kind: OwedMailKind; userId: number; place: LinkPlace; to?: string; about?: string; written?: Pick<MailMessage, 'subject' | 'text' | 'html'> },
): DomainEvent {
  return {
    type: 'MailOwed',
    data: {
      mail_id: mail.mailId,
      kind: what.kind,
      user_id: what.userId,
      link_base: what.place.base,
      environment_only: what.place.environmentOnly,
      lease_until: new Date(mail.now.getTime() + mail.retryMs).toISOString(),
      give_up_at: new Date(mail.now.getTime() + GIVE_UP_AFTER_MS[what.kind]).toISOString(),
      to: what.to ?? '',
      about: what.about ?? '',
      subject: what.written?.subject ?? '',
      text: what.written?.text ?? '',
      html: what.written?.html ?? '',
    },
  };
}

const open = (state: OwedMailState) => state.owed !== null && !state.ended;

interface Lease {
  mailId: string;
  now: Date;
  retryMs: number;
}

/**
 * Given an owed mail whose lease has run out, when the sender comes for it: it takes a new
 * lease (so no other sender tries it meanwhile), or gives it up once it is no longer of use.
 * Nothing while someone else's lease runs, or once it ended.
 */
export const leaseDecider: Decider<Lease, OwedMailState> = {
  streamOf: (command) => owedMailStream(command.mailId),
  initialState: noOwedMail,
  evolve: evolveOwedMail,
  decide: (command, state) => {
    if (!open(state)) return [];
    const now = command.now.getTime();
    if (state.leaseUntil !== null && now < Date.parse(state.leaseUntil)) return [];
    if (now >= Date.parse(state.owed!.giveUpAt)) return [{ type: 'MailAbandoned', data: { mail_id: command.mailId, reason: 'expired' } }];
    return [{ type: 'MailLeased', data: { mail_id: command.mailId, lease_until: new Date(now + command.retryMs).toISOString() } }];
  },
};

/** Given an owed mail, when the transport accepted it: it ends (once, however often this is said). */
export const sentDecider: Decider<{ mailId: string }, OwedMailState> = {
  streamOf: (command) => owedMailStream(command.mailId),
  initialState: noOwedMail,
  evolve: evolveOwedMail,
  decide: (command, state) => (open(state) ? [{ type: 'MailSent', data: { mail_id: command.mailId } }] : []),
};

export type AbandonReason = Extract<DomainEvent, { type: 'MailAbandoned' }>['data']['reason'];

/** Given an owed mail, when it turns out to be of no use (the account is gone, the address already verified). */
export const abandonDecider: Decider<{ mailId: string; reason: AbandonReason }, OwedMailState> = {
  streamOf: (command) => owedMailStream(command.mailId),
  initialState: noOwedMail,
  evolve: evolveOwedMail,
  decide: (command, state) => (open(state) ? [{ type: 'MailAbandoned', data: { mail_id: command.mailId, reason: command.reason } }] : []),
};

/**
 * A one-stream command that may owe a mail by what it decides: the mail's own stream is
 * written in the same atomic append (docs/operations.md#mail-that-is-never-lost). `owe`
 * sees the decided events and the state they were decided on, and answers the `MailOwed`
 * event or null; a command that decides nothing owes nothing.
 */
export function owingMail<C, S>(
  decider: Decider<C, S>,
  mailId: string,
  owe: (decided: DomainEvent[], state: S) => DomainEvent | null,
): MultiStreamDecider<C, { main: S; mail: OwedMailState }> {
  const single = asMultiStream(decider);
  return {
    streamsOf: (command) => ({ main: single.streamsOf(command).only, mail: owedMailSpec(mailId) }),
    decide: (command, states) => {
      const decided = decider.decide(command, states.main);
      const owed = decided.length > 0 ? owe(decided, states.main) : null;
      return { main: decided, mail: owed ? [owed] : [] };
    },
  };
}

type OwedMailStates = { [mail: `owed-mail-${string}`]: OwedMailState };

/**
 * A command over several streams that may owe several mails by what it decides (a notice to each
 * of a workspace's owners and admins): each mail's own stream is written in the same atomic
 * append. `owe` sees the decided events and answers the `MailOwed` events, each for one of
 * `mailIds`; a command that decides nothing owes nothing.
 */
export function owingMails<C, S extends Record<string, unknown>>(
  decider: MultiStreamDecider<C, S>,
  mailIds: readonly string[],
  owe: (decided: { [K in keyof S]?: DomainEvent[] }) => DomainEvent[],
): MultiStreamDecider<C, S & OwedMailStates> {
  const key = (mailId: string) => `owed-mail-${mailId}` as const;
  return {
    streamsOf: (command) =>
      ({ ...decider.streamsOf(command), ...Object.fromEntries(mailIds.map((mailId) => [key(mailId), owedMailSpec(mailId)])) }) as {
        [K in keyof (S & OwedMailStates)]: StreamSpec<(S & OwedMailStates)[K]>;
      },
    decide: (command, states) => {
      const decided = decider.decide(command, states);
      if (!Object.values(decided).some((events) => (events as DomainEvent[] | undefined)?.length)) return decided;
      const owed = owe(decided).flatMap((event) =>
        event.type === 'MailOwed' && mailIds.includes(event.data.mail_id) ? [[key(event.data.mail_id), [event]]] : [],
      );
      return { ...decided, ...Object.fromEntries(owed) } as { [K in keyof (S & OwedMailStates)]?: DomainEvent[] };
    },
  };
}

/**
 * The id of a mail owed for one happening to one person, the same however often it is worked
 * out (`link-expired/{position}/{userId}`), so the owed mail's own stream says whether it was
 * owed already: a name-based UUID of the key.
 */
export function fixedMailId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

interface OweEachOnce {
  mails: readonly { mailId: string; event: DomainEvent }[];
}

/** Given the mails' own streams, when they are owed, then each not owed yet is, in one append (notices under fixed ids). */
export const oweEachOnceDecider: MultiStreamDecider<OweEachOnce, Record<string, OwedMailState>> = {
  streamsOf: (command) => Object.fromEntries(command.mails.map(({ mailId }) => [mailId, owedMailSpec(mailId)])),
  decide: (command, states) => Object.fromEntries(command.mails.flatMap(({ mailId, event }) => (states[mailId]?.owed ? [] : [[mailId, [event]]]))),
};
