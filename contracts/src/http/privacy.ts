import { z } from 'zod';

/** Deleting an account asks for the password and the address typed again (docs/privacy.md#deleting-an-account). */
export const DeleteAccountRequest = z.strictObject({
  password: z.string().min(1, 'Enter your current password.').max(1024),
  confirm_email: z.string().trim().min(1, 'Type your e-mail address to confirm.').max(320),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

export const DeleteAccountResponse = z.object({ message: z.string() });

/** One "Your data" export and how far it got. */
export const AccountExportResponse = z.object({
  id: z.string(),
  status: z.enum(['running', 'ready', 'failed']),
  clicks_done: z.number().int(),
  clicks_total: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file is deleted; null until it is ready. */
  expires_at: z.string().nullable(),
  /** Where the zip is downloaded (with the same bearer token), once ready. */
  download_url: z.string().nullable(),
  error: z.string().nullable(),
});
export type AccountExportResponse = z.infer<typeof AccountExportResponse>;
