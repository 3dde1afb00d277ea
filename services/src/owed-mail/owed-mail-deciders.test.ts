import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { GIVE_UP_AFTER_MS, abandonDecider, leaseDecider, mailOwed, sentDecider } from './owed-mail-deciders.ts';
import { noOwedMail } from './owed-mail-state.ts';

const mailId = '00000000-0000-4000-8000-00000000000a';
const owedAt = new Date('2026-11-27T10:00:00Z');
const owed = mailOwed(
  { mailId, now: owedAt, retryMs: 120_000 },
  { kind: 'reset_password', userId: 7, place: { base: 'https://app.example', environmentOnly: true } },
);
const owedMail = deciderSpec(leaseDecider, `owed-mail-${mailId}`);
const at = (ms: number) => new Date(owedAt.getTime() + ms);

describe('an owed mail', () => {
  it('given a command owes it, then the owing request holds it for the retry time and it is given up after its kind’s use', () => {
    expect(owed).toEqual({
      type: 'MailOwed',
      data: expect.objectContaining({
        mail_id: mailId,
        kind: 'reset_password',
        user_id: 7,
        environment_only: true,
        lease_until: '2026-11-27T10:02:00.000Z',
        give_up_at: '2026-11-27T11:00:00.000Z',
        to: '',
        about: '',
      }),
    });
    expect(owedMail.given([owed]).state).toMatchObject({
      owed: { kind: 'reset_password', userId: 7, linkBase: 'https://app.example' },
      leaseUntil: '2026-11-27T10:02:00.000Z',
      ended: false,
    });
  });

  it('given the request’s lease runs, when the sender comes, then nothing; once it ran out, then the sender leases it for the retry time', () => {
    expect(leaseDecider.decide({ mailId, now: at(119_999), retryMs: 60_000 }, owedMail.given([owed]).state)).toEqual([]);
    expect(leaseDecider.decide({ mailId, now: at(120_000), retryMs: 60_000 }, owedMail.given([owed]).state)).toEqual([
      { type: 'MailLeased', data: { mail_id: mailId, lease_until: '2026-11-27T10:03:00.000Z' } },
    ]);
    const leased = owedMail.given([owed, { type: 'MailLeased', data: { mail_id: mailId, lease_until: '2026-11-27T10:03:00.000Z' } }]).state;
    expect(leaseDecider.decide({ mailId, now: at(150_000), retryMs: 60_000 }, leased)).toEqual([]);
  });

  it('given it is past its use, when the sender comes, then it is given up, not sent', () => {
    expect(leaseDecider.decide({ mailId, now: at(GIVE_UP_AFTER_MS.reset_password), retryMs: 60_000 }, owedMail.given([owed]).state)).toEqual([
      { type: 'MailAbandoned', data: { mail_id: mailId, reason: 'expired' } },
    ]);
  });

  it('given it was sent or given up, then it is never leased, sent or given up again; given no debt, then nothing', () => {
    for (const end of [
      { type: 'MailSent', data: { mail_id: mailId } },
      { type: 'MailAbandoned', data: { mail_id: mailId, reason: 'not_needed' } },
    ] as DomainEvent[]) {
      const ended = owedMail.given([owed, end]).state;
      expect(leaseDecider.decide({ mailId, now: at(10 * GIVE_UP_AFTER_MS.reset_password), retryMs: 1 }, ended)).toEqual([]);
      expect(sentDecider.decide({ mailId }, ended)).toEqual([]);
      expect(abandonDecider.decide({ mailId, reason: 'account_gone' }, ended)).toEqual([]);
    }
    expect(sentDecider.decide({ mailId }, noOwedMail)).toEqual([]);
    expect(leaseDecider.decide({ mailId, now: at(1e9), retryMs: 1 }, noOwedMail)).toEqual([]);
  });

  it('given it is open, when sent, then MailSent once', () => {
    expect(sentDecider.decide({ mailId }, owedMail.given([owed]).state)).toEqual([{ type: 'MailSent', data: { mail_id: mailId } }]);
  });
});
