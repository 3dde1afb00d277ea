import { roleAllows, shreddedEmail, type ReadStore } from '@linkledger/contracts';
import { USERS, WORKSPACE_MEMBERS, type UserView, type WorkspaceMemberView } from '@linkledger/projections';

/** Someone a notice about a workspace's domains goes to. */
interface NoticeRecipient {
  userId: number;
  email: string;
}

/**
 * The address a notice may be sent to: proven (anyone can register someone else's address, and
 * notices repeat names users typed), and the account neither deleted nor banned.
 */
export function mailableAddress(user: UserView | null): string | null {
  const status: string = user?.status ?? 'active';
  if (!user || !user.is_verified || status === 'banned' || status === 'deleted' || user.email === shreddedEmail) return null;
  return user.email;
}

/**
 * Who is told what happened to a workspace's custom domains and TRAI headers
 * (docs/workspaces.md#notices): the members whose role manages them (`domains:write`, owners and
 * admins), since they are the ones who can act on it; for a personal workspace that is its user
 * and any admin they invited. `also` adds other members by user id (the member who submitted a
 * header) while they still are members; each is told once. Addresses that may not be written to
 * are left out; lowest user id first.
 */
export async function domainNoticeRecipients(read: ReadStore, workspaceId: number, also: readonly number[] = []): Promise<NoticeRecipient[]> {
  const members = await read.find<WorkspaceMemberView>(WORKSPACE_MEMBERS, { where: { workspace_id: workspaceId } });
  const managers = members.filter((member) => roleAllows(member.role, 'domains:write')).map((member) => member.user_id);
  const stillMembers = also.filter((userId) => members.some((member) => member.user_id === userId));
  const ids = [...new Set([...managers, ...stillMembers])].sort((a, b) => a - b);
  const users = await read.getMany<UserView>(USERS, ids);
  return ids.flatMap((userId) => {
    const email = mailableAddress(users.get(String(userId)) ?? null);
    return email ? [{ userId, email }] : [];
  });
}
