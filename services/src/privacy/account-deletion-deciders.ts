import type { MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, forbidden, notFound } from '../commands/domain-error.ts';
import { emailStream, evolveEmailClaim } from '../accounts/index.ts';
import { evolveSystem, evolveUser, initialSystem, noUser, type SystemState, type UserState } from '../accounts/index.ts';

export const CONFIRMATION_MISMATCH = 'Type your e-mail address exactly as it is on the account to confirm the deletion.';
export const SUPER_ADMIN_CANNOT_LEAVE =
  "The super admin's account cannot be deleted: it is the one account that can run this installation. Delete the installation's data directory to remove everything instead.";
export const ALREADY_DELETED = 'This account was already deleted.';
export const CHANGED_MEANWHILE = 'Your e-mail address changed while the account was being deleted. Please try again.';

/** Asked of a caller who has proved the current password (hashing is not the decider's work). */
export interface DeleteAccount {
  userId: number;
  /** The address the account has now: its claim is released. */
  email: string;
  /** Whether the address typed to confirm is the account's. */
  confirmationMatches: boolean;
}

/**
 * Deleting an account (docs/privacy.md#deleting-an-account): the account's own stream says
 * so, and the address is released in the same append so it can register again. The event
 * store destroys the data key once the deletion is written.
 */
export const deleteAccountDecider: MultiStreamDecider<DeleteAccount, { user: UserState; claim: number | null; system: SystemState }> = {
  streamsOf: (command) => ({
    user: { stream: `user-${command.userId}`, initialState: noUser, evolve: evolveUser },
    claim: { stream: emailStream(command.email), initialState: null, evolve: evolveEmailClaim },
    system: { stream: 'system', initialState: initialSystem, evolve: evolveSystem },
  }),
  decide: (command, { user, claim, system }) => {
    if (user.id === null) throw notFound('User not found');
    if (user.deleted) throw conflict(ALREADY_DELETED);
    if (!command.confirmationMatches) throw forbidden(CONFIRMATION_MISMATCH);
    if (system.superAdminId === command.userId) throw conflict(SUPER_ADMIN_CANNOT_LEAVE);
    // The address changed since it was read: the claim read is not the account's any more.
    if (user.email !== command.email) throw conflict(CHANGED_MEANWHILE);
    return {
      user: [{ type: 'AccountDeleted', data: { user_id: command.userId } }],
      claim: claim === command.userId ? [{ type: 'EmailReleased', data: { user_id: command.userId } }] : [],
    };
  },
};
