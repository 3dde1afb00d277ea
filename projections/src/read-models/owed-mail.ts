import type { ReadModelHandlers } from './handlers.ts';

/**
 * One document per owed mail not yet sent or given up (docs/operations.md#mail-that-is-never-lost).
 * The mail's own stream decides; this only lets the sender find, by lease, the ones to try.
 */
export const OWED_MAILS = 'owed_mails';

export interface OwedMailView {
  [key: string]: unknown;
  /** The mail's id (its stream is `owed-mail-{id}`). */
  id: string;
  user_id: number;
  /** Nobody but the holder of the lease tries it before this time (ISO). */
  lease_until: string;
}

export const owedMailIndexes = {
  [OWED_MAILS]: [['lease_until']],
} as const;

export const owedMailHandlers: ReadModelHandlers = {
  MailOwed({ mail_id, user_id, lease_until }, _recorded, tx) {
    const view: OwedMailView = { id: mail_id, user_id, lease_until };
    tx.put(OWED_MAILS, view);
  },
  async MailLeased({ mail_id, lease_until }, _recorded, tx) {
    await tx.update<OwedMailView>(OWED_MAILS, mail_id, (view) => ({ ...view, lease_until }));
  },
  MailSent({ mail_id }, _recorded, tx) {
    tx.delete(OWED_MAILS, mail_id);
  },
  MailAbandoned({ mail_id }, _recorded, tx) {
    tx.delete(OWED_MAILS, mail_id);
  },
};
