import { createHash, randomBytes } from 'node:crypto';
import type { DomainEvent, EmailTokenPurpose } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** Verification links stay valid a day; reset links an hour (docs/accounts.md#email-verification, docs/accounts.md#password-reset). */
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
};

/**
 * A link token's stream is named by the token's hash: the token itself is stored nowhere,
 * and whoever holds it can find its stream without any index.
 */
export const emailTokenStream = (token: string) => `email-token-${createHash('sha256').update(token).digest('hex')}`;

/** 256 random bits, URL-safe. */
export const newEmailToken = () => randomBytes(32).toString('base64url');

/** What the `email-token-{hash}` stream says about its token. */
export interface EmailTokenState {
  issued: { purpose: EmailTokenPurpose; userId: number; email: string; issuedAt: string; expiresAt: string } | null;
  redeemed: boolean;
}

export const noEmailToken: EmailTokenState = { issued: null, redeemed: false };

export function evolveEmailToken(state: EmailTokenState, event: DomainEvent, envelope: EventEnvelope): EmailTokenState {
  switch (event.type) {
    case 'EmailTokenIssued':
      return {
        ...state,
        issued: {
          purpose: event.data.purpose,
          userId: event.data.user_id,
          email: event.data.email,
          issuedAt: envelope.metadata.at,
          expiresAt: event.data.expires_at,
        },
      };
    case 'EmailTokenRedeemed':
      return { ...state, redeemed: true };
    default:
      return state;
  }
}
