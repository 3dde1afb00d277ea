import { z } from 'zod';
import { Role } from '../events/accounts.ts';

export const PASSWORD_MIN_LENGTH = 6;

export const RegisterBody = z.object({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), 'Please enter a valid email address'),
  password: z
    .string({ message: 'Password is required' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters long')
    .max(1024, 'Password must be at most 1024 characters'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

/** OAuth2 password grant, form-encoded: `username` holds the email. */
export const TokenBody = z.object({
  username: z.string({ message: 'Email is required' }).trim().min(1, 'Email is required'),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required'),
});

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});

export const PlanType = z.enum(['free', 'pro', 'enterprise']);

export const UserResponse = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  role: Role,
  plan_type: PlanType,
  is_verified: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type UserResponse = z.infer<typeof UserResponse>;
