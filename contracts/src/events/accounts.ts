import { z } from 'zod';

export const Role = z.enum(['user', 'admin', 'super_admin']);
export type Role = z.infer<typeof Role>;

export const UserRegisteredV1 = z.object({
  user_id: z.number().int().positive(),
  email: z.string(),
  /** scrypt hash in PHC-like form; never the password itself. */
  password_hash: z.string(),
  role: Role,
});
export type UserRegistered = z.infer<typeof UserRegisteredV1>;

export const accountEvents = {
  UserRegistered: { 1: UserRegisteredV1 },
} as const;
