import { z } from 'zod';
import { UserResponse } from './accounts.ts';

/** Page sizes the admin user list offers. */
export const ADMIN_PAGE_SIZES = [5, 10, 20, 50] as const;

export const AdminUsersQuery = z.object({
  /** Part of an e-mail address, or a plan name (free, pro, enterprise). */
  search: z.string().trim().max(254, 'Search must be at most 254 characters').optional(),
  skip: z.coerce.number().int().min(0, 'skip must be 0 or more').default(0),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (ADMIN_PAGE_SIZES as readonly number[]).includes(value), 'limit must be 5, 10, 20 or 50')
    .default(10),
});

export const AdminUserList = z.object({
  users: z.array(UserResponse),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});

/** The answer to suspend, ban, activate and role changes: what happened, and the user as they are now. */
export const AdminUserActionResponse = z.object({ message: z.string(), user: UserResponse });

export const UserStatusAction = z.enum(['suspend', 'ban', 'activate']);
export const UserStatusParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
  action: UserStatusAction,
});

export const ChangeRoleBody = z.object({
  role: z.enum(['user', 'admin'], { message: 'role must be user or admin' }),
});
