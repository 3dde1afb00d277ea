import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { EmailTokenState } from '../accounts/email-tokens.ts';
import {
  ACCOUNT_GONE,
  CHANGE_LINK_EXPIRED,
  CHANGE_LINK_INVALID,
  EMAIL_IN_USE,
  EMAIL_UNCHANGED,
  PASSWORD_NOT_NEW,
  PROFILE_CHANGED_MEANWHILE,
  USERNAME_TAKEN,
  decideEmailChangeConfirmation,
  decideEmailChangeRequest,
  decidePasswordChange,
  decideProfileUpdate,
  decideRevokeOthers,
  passwordChangeDecider,
  type ProfileStates,
  type UpdateProfile,
} from './settings-user-deciders.ts';
import { noSettingsUser, type SettingsUser } from './settings-user-state.ts';
import { noOwedMail } from '../owed-mail/owed-mail-state.ts';

/** The account folded from its events, as the command handler would. */
const passwordUser = deciderSpec(passwordChangeDecider, 'user-7');
const registered: DomainEvent = {
  type: 'UserRegistered',
  data: { user_id: 7, email: 'ada@example.com', password_hash: 'scrypt$old', role: 'user', full_name: 'Ada' },
};
const ada = passwordUser.given([registered]).state;

describe('profile', () => {
  const save = (fields: Partial<UpdateProfile>): UpdateProfile => ({ userId: 7, currentUsername: 'ada', shownByAnother: false, ...fields });
  const free = (user: SettingsUser): ProfileStates => ({ user, wanted: null, current: null });

  it('given a new account, when the profile is saved, then one ProfileUpdated with the phone normalised, and the new username claimed', () => {
    expect(decideProfileUpdate(save({ username: ' ada.l ', fullName: 'Ada L', phone: '+91 98765-43210' }), free(ada))).toEqual({
      user: [{ type: 'ProfileUpdated', data: { user_id: 7, username: 'ada.l', full_name: 'Ada L', phone: '+919876543210' } }],
      wanted: [{ type: 'UsernameClaimed', data: { user_id: 7 } }],
      current: [],
    });
  });

  const saved = passwordUser.given([
    registered,
    { type: 'ProfileUpdated', data: { user_id: 7, username: 'ada.l', full_name: 'Ada L', phone: '+919876543210' } },
  ]).state;
  const savedStates: ProfileStates = { user: saved, wanted: 7, current: 7 };

  it('given the same values saved before, then nothing is recorded; given no account, then it is refused', () => {
    expect(decideProfileUpdate(save({ currentUsername: 'ada.l', username: 'ada.l', fullName: 'Ada L', phone: '+91 9876543210' }), savedStates)).toEqual({});
    expect(() => decideProfileUpdate(save({ username: 'ada', fullName: '', phone: '' }), free(noSettingsUser))).toThrow(ACCOUNT_GONE);
  });

  it('given a saved profile, when only the username is sent, then the full name and phone stay as they are', () => {
    expect(decideProfileUpdate(save({ currentUsername: 'ada.l', username: 'countess' }), { user: saved, wanted: null, current: 7 })).toEqual({
      user: [{ type: 'ProfileUpdated', data: { user_id: 7, username: 'countess', full_name: 'Ada L', phone: '+919876543210' } }],
      wanted: [{ type: 'UsernameClaimed', data: { user_id: 7 } }],
      current: [{ type: 'UsernameReleased', data: { user_id: 7 } }],
    });
    expect(decideProfileUpdate(save({ currentUsername: 'ada.l', phone: '' }), savedStates).user).toEqual([
      { type: 'ProfileUpdated', data: { user_id: 7, username: 'ada.l', full_name: 'Ada L', phone: '' } },
    ]);
  });

  it('given a username another account holds or shows, in any case, then it is refused; a deleted holder no longer counts', () => {
    expect(() => decideProfileUpdate(save({ username: 'Grace' }), { user: ada, wanted: 9, current: null })).toThrow(USERNAME_TAKEN);
    expect(() => decideProfileUpdate(save({ username: 'grace', shownByAnother: true }), free(ada))).toThrow(USERNAME_TAKEN);
    expect(decideProfileUpdate(save({ username: 'grace', deletedHolder: 9 }), { user: ada, wanted: 9, current: null }).wanted).toEqual([
      { type: 'UsernameClaimed', data: { user_id: 7 } },
    ]);
    // Only its case changes: still the owner's name, nothing to claim.
    expect(decideProfileUpdate(save({ currentUsername: 'ada.l', username: 'Ada.L' }), savedStates)).toEqual({
      user: [{ type: 'ProfileUpdated', data: { user_id: 7, username: 'Ada.L', full_name: 'Ada L', phone: '+919876543210' } }],
    });
  });

  it('given a username changed since it was read, then the save is refused for a retry', () => {
    expect(() => decideProfileUpdate(save({ currentUsername: 'ada', username: 'x-men' }), savedStates)).toThrow(PROFILE_CHANGED_MEANWHILE);
  });
});

describe('e-mail change', () => {
  const owing = (mailId: string) => ({ mailId, now: new Date('2026-01-01T10:00:00Z'), retryMs: 120_000 });
  const request = {
    userId: 7,
    newEmail: 'new@example.com',
    expiresAt: '2026-01-02T10:00:00.000Z',
    mail: owing('00000000-0000-4000-8000-000000000001'),
    appBase: 'https://app.example',
  };

  it('given a free address, when asked, then the request on the account and the confirmation mail to the new address owed (its token minted when it is written)', () => {
    expect(decideEmailChangeRequest(request, { user: ada, claim: null })).toEqual({
      user: [{ type: 'EmailChangeRequested', data: { user_id: 7, new_email: 'new@example.com', expires_at: request.expiresAt } }],
      mail: [
        {
          type: 'MailOwed',
          data: {
            mail_id: request.mail.mailId,
            kind: 'change_email',
            user_id: 7,
            link_base: 'https://app.example',
            environment_only: false,
            lease_until: '2026-01-01T10:02:00.000Z',
            give_up_at: '2026-01-02T10:00:00.000Z',
            to: '',
            about: 'new@example.com',
            subject: '',
            text: '',
            html: '',
          },
        },
      ],
    });
  });

  it('given a taken address or the current one, then it is refused', () => {
    expect(() => decideEmailChangeRequest(request, { user: ada, claim: 9 })).toThrow(EMAIL_IN_USE);
    expect(() => decideEmailChangeRequest({ ...request, newEmail: 'ada@example.com' }, { user: ada, claim: 7 })).toThrow(EMAIL_UNCHANGED);
  });

  const requested: DomainEvent = { type: 'EmailChangeRequested', data: { user_id: 7, new_email: 'new@example.com', expires_at: request.expiresAt } };
  const pending = passwordUser.given([registered, requested]).state;
  const issued: EmailTokenState = {
    issued: { purpose: 'change_email', userId: 7, email: 'new@example.com', issuedAt: '2026-01-01T10:00:00.000Z', expiresAt: request.expiresAt },
    redeemed: false,
  };
  const confirm = {
    token: 't',
    userId: 7,
    previousEmail: 'ada@example.com',
    newEmail: 'new@example.com',
    now: new Date('2026-01-01T12:00:00Z'),
    notice: owing('00000000-0000-4000-8000-000000000002'),
    appBase: 'https://app.example',
  };

  it('given the latest request, when its link is followed in time, then the address moves (new claimed, old released) and the notice to the old address is owed', () => {
    expect(decideEmailChangeConfirmation(confirm, { token: issued, user: pending, newClaim: null, oldClaim: 7, notice: noOwedMail })).toEqual({
      token: [{ type: 'EmailTokenRedeemed', data: { purpose: 'change_email', user_id: 7 } }],
      user: [{ type: 'EmailChanged', data: { user_id: 7, email: 'new@example.com', previous_email: 'ada@example.com' } }],
      newClaim: [{ type: 'EmailClaimed', data: { user_id: 7 } }],
      oldClaim: [{ type: 'EmailReleased', data: { user_id: 7 } }],
      notice: [
        {
          type: 'MailOwed',
          data: expect.objectContaining({
            kind: 'email_changed_notice',
            user_id: 7,
            to: 'ada@example.com',
            about: 'new@example.com',
            link_base: 'https://app.example',
          }),
        },
      ],
    });
  });

  it('given a used, replaced, late or other-purpose link, or an address taken meanwhile, then it is refused', () => {
    const states = { token: issued, user: pending, newClaim: null, oldClaim: 7, notice: noOwedMail };
    expect(() => decideEmailChangeConfirmation(confirm, { ...states, token: { ...issued, redeemed: true } })).toThrow(CHANGE_LINK_INVALID);
    const replaced = passwordUser.given([
      registered,
      { type: 'EmailChangeRequested', data: { user_id: 7, new_email: 'other@example.com', expires_at: request.expiresAt } },
    ]).state;
    expect(() => decideEmailChangeConfirmation(confirm, { ...states, user: replaced })).toThrow(CHANGE_LINK_INVALID);
    expect(() => decideEmailChangeConfirmation({ ...confirm, now: new Date(request.expiresAt) }, states)).toThrow(CHANGE_LINK_EXPIRED);
    expect(() => decideEmailChangeConfirmation(confirm, { ...states, token: { ...issued, issued: { ...issued.issued!, purpose: 'verify_email' } } })).toThrow(
      CHANGE_LINK_INVALID,
    );
    expect(() => decideEmailChangeConfirmation(confirm, { ...states, newClaim: 9 })).toThrow(EMAIL_IN_USE);
  });

  it('given the owner proved the address after the request (EmailChangeCancelled), then its link is invalid, also after a new request to the same address', () => {
    const states = { token: issued, newClaim: null, oldClaim: 7, notice: noOwedMail };
    const cancelled = passwordUser.given([registered, requested, { type: 'EmailChangeCancelled', data: { user_id: 7, reason: 'password_reset' } }]).state;
    expect(cancelled.user.pendingChange).toBeNull();
    expect(() => decideEmailChangeConfirmation(confirm, { ...states, user: cancelled })).toThrow(CHANGE_LINK_INVALID);
    const askedAgain = passwordUser.given([
      registered,
      requested,
      { type: 'EmailChangeCancelled', data: { user_id: 7, reason: 'password_reset' } },
      { type: 'EmailChangeRequested', data: { user_id: 7, new_email: 'new@example.com', expires_at: '2026-01-02T12:00:00.000Z' } },
    ]).state;
    expect(() => decideEmailChangeConfirmation(confirm, { ...states, user: askedAgain })).toThrow(CHANGE_LINK_INVALID);
  });

  it('given the change happened, then the account reads the new address, verified, with nothing pending', () => {
    const moved = passwordUser.given([
      registered,
      { type: 'EmailChangeRequested', data: { user_id: 7, new_email: 'new@example.com', expires_at: request.expiresAt } },
      { type: 'EmailChanged', data: { user_id: 7, email: 'new@example.com', previous_email: 'ada@example.com' } },
    ]).state;
    expect(moved.user).toMatchObject({ email: 'new@example.com', isVerified: true });
    expect(moved.user.pendingChange).toBeNull();
  });
});

describe('password change', () => {
  it('given the checked hash is current, when changed, then PasswordChanged (change) keeps the caller session; a hash changed meanwhile is refused', () => {
    expect(
      decidePasswordChange({ userId: 7, checkedHash: 'scrypt$old', passwordHash: 'scrypt$new', keptJti: 'j1', revokeApiKey: true, sameAsCurrent: false }, ada),
    ).toEqual([{ type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$new', reason: 'change', kept_jti: 'j1' } }]);
    expect(() =>
      decidePasswordChange(
        { userId: 7, checkedHash: 'scrypt$older', passwordHash: 'scrypt$new', keptJti: 'j1', revokeApiKey: true, sameAsCurrent: false },
        ada,
      ),
    ).toThrow(/same moment/);
    expect(decideRevokeOthers({ userId: 7, keptJti: 'j1' }, ada)).toEqual([{ type: 'OtherSessionsRevoked', data: { user_id: 7, kept_jti: 'j1' } }]);
  });

  const withKey = passwordUser.given([
    registered,
    { type: 'ApiKeyIssued', data: { user_id: 7, key_id: 'k1', key_hash: 'b'.repeat(64), key_encrypted: 'v1.x' } },
  ]).state;
  const change = { userId: 7, checkedHash: 'scrypt$old', passwordHash: 'scrypt$new', keptJti: 'j1', sameAsCurrent: false };

  it('given an API key, when the password changes with the revocation asked for, then the key is revoked in the same append', () => {
    expect(decidePasswordChange({ ...change, revokeApiKey: true }, withKey)).toEqual([
      { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'scrypt$new', reason: 'change', kept_jti: 'j1' } },
      { type: 'ApiKeyRevoked', data: { user_id: 7, key_id: 'k1', key_hash: 'b'.repeat(64), reason: 'password_changed' } },
    ]);
  });

  it('given the new password is the current one, then it is refused and nothing is recorded', () => {
    expect(() => decidePasswordChange({ ...change, passwordHash: 'scrypt$old', sameAsCurrent: true, revokeApiKey: true }, withKey)).toThrow(PASSWORD_NOT_NEW);
  });

  it('given an API key, when the password changes with the revocation declined, then the key stays', () => {
    expect(decidePasswordChange({ ...change, revokeApiKey: false }, withKey).map((event) => event.type)).toEqual(['PasswordChanged']);
  });
});
