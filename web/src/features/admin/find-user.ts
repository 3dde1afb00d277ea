import { adminApi, type AdminUser } from './admin-api.ts';

/** The largest page of the user list (docs/admin.md#users). */
const PAGE = 50;
/** Pages read at most: an address is rarely part of more than a few others. */
const MAX_PAGES = 20;

/**
 * The user whose e-mail address is exactly this one, in any case, or null. The admin screens
 * find a user through the user list's search (docs/admin.md#per-user-limits), which matches
 * any part of an address ("a@x.io" also finds "anna@x.io"), so the exact match is picked
 * from the answers, reading on while more pages match. A failed call throws its ApiError.
 */
export async function findUserByEmail(email: string): Promise<AdminUser | null> {
  const wanted = email.trim().toLowerCase();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const skip = page * PAGE;
    const answer = await adminApi.users({ search: wanted, skip, limit: PAGE });
    const match = answer.users.find((user) => user.email.toLowerCase() === wanted);
    if (match) return match;
    if (answer.users.length < PAGE || skip + PAGE >= answer.total) return null;
  }
  return null;
}
