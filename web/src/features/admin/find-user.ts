import { adminApi, type AdminUser, type AdminWorkspace } from './admin-api.ts';

/** The largest page of the admin lists (docs/admin.md#users). */
const PAGE = 50;
/** Pages read at most: an address or slug is rarely part of more than a few others. */
const MAX_PAGES = 20;

interface PageQuery {
  search: string;
  skip: number;
  limit: number;
}

/**
 * The first row a list's search answers that is exactly the one wanted, or null. The lists'
 * search matches any part ("a@x.io" also finds "anna@x.io"), so the exact match is picked from
 * the answers, reading on while more pages match. A failed call throws its ApiError.
 */
async function findExactly<Answer extends { total: number }, Row>(
  search: string,
  list: (query: PageQuery) => Promise<Answer>,
  rowsOf: (answer: Answer) => Row[],
  isWanted: (row: Row) => boolean,
): Promise<Row | null> {
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const skip = page * PAGE;
    const answer = await list({ search, skip, limit: PAGE });
    const rows = rowsOf(answer);
    const match = rows.find(isWanted);
    if (match) return match;
    if (rows.length < PAGE || skip + PAGE >= answer.total) return null;
  }
  return null;
}

/** The user whose e-mail address is exactly this one, in any case, or null (docs/admin.md#per-user-limits). */
export function findUserByEmail(email: string): Promise<AdminUser | null> {
  const wanted = email.trim().toLowerCase();
  return findExactly(
    wanted,
    adminApi.users,
    (answer) => answer.users,
    (user) => user.email.toLowerCase() === wanted,
  );
}

/** The team workspace whose slug is exactly this one, or null (docs/admin.md#plans-and-limits-of-a-workspace). */
export function findWorkspaceBySlug(slug: string): Promise<AdminWorkspace | null> {
  const wanted = slug.trim().toLowerCase();
  return findExactly(
    wanted,
    adminApi.workspaces,
    (answer) => answer.workspaces,
    (workspace) => workspace.slug === wanted,
  );
}
