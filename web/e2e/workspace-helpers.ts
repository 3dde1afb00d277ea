import type { WorkspaceRole } from '@linkledger/contracts';
import type { BrowserSuite } from './browser-suite.ts';
import { apiCall, linkInMail, verifiedAccountByApi, waitForMail } from './harness.ts';

/** A link as the API answers its creation. */
interface CreatedLink {
  id: number;
  short_code: string;
  short_url: string;
}

/**
 * What the workspace browser tests set up through the API, on one suite's product: accounts
 * with proven addresses, links in a workspace, team workspaces with seats, members who joined
 * by their invite.
 */
export function workspaceSetup(suite: BrowserSuite) {
  const verifiedAccount = (email: string): Promise<string> => verifiedAccountByApi(suite.product, email);

  /** A link made through the API in the workspace named (none: the caller's personal one). */
  const linkIn = (token: string, title: string, workspaceId?: number): Promise<CreatedLink> =>
    apiCall<CreatedLink>(suite.product, token, 'POST', '/api/urls', { original_url: `https://example.com/${encodeURIComponent(title)}`, title }, workspaceId);

  /** A team workspace of the owner's with room for `seats` people (the installation's admin gives them: a team is Free until it pays). */
  async function teamOf(ownerToken: string, name: string, slug: string, seats: number): Promise<{ id: number; name: string }> {
    const { workspace } = await apiCall<{ workspace: { id: number } }>(suite.product, ownerToken, 'POST', '/api/workspaces', { name, slug });
    await apiCall(suite.product, suite.rootToken, 'PUT', `/api/admin/workspaces/${workspace.id}/limits`, { custom_seats_limit: seats });
    return { id: workspace.id, name };
  }

  /** The link of the newest invite mailed to the address (its path is the invite screen's, its last segment the token). */
  const inviteLinkTo = async (email: string): Promise<URL> => new URL(linkInMail(await waitForMail(suite.product, email, 10_000, '/invite/'), '/invite/'));

  /** Invites the address with the role; its new account (verified) accepts by the mailed link's token. Returns its token. */
  async function joinedMember(ownerToken: string, workspaceId: number, email: string, role: WorkspaceRole): Promise<string> {
    await apiCall(suite.product, ownerToken, 'POST', `/api/workspaces/${workspaceId}/invites`, { email, role });
    const token = await verifiedAccount(email);
    const invite = await inviteLinkTo(email);
    await apiCall(suite.product, token, 'POST', '/api/workspace-invites/accept', { token: invite.pathname.split('/').pop() });
    return token;
  }

  return { verifiedAccount, linkIn, teamOf, inviteLinkTo, joinedMember };
}
