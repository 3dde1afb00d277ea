import { z } from 'zod';
import { ApiKeyScope } from '../events/workspace-api-keys.ts';

const scope = z.enum(ApiKeyScope.options, { message: `Each scope is one of: ${ApiKeyScope.options.join(', ')}` });

/** A workspace and one of its keys, in the path. */
export const WorkspaceApiKeyParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
  keyId: z.uuid({ message: 'The key’s id is not one we gave out' }),
});

/** A new key: a name to know it by and what it may do (docs/developer-api.md#workspace-keys-and-scopes). */
export const CreateWorkspaceApiKeyBody = z.strictObject({
  name: z
    .string({ message: 'Please enter a name for the key.' })
    .trim()
    .min(1, 'Please enter a name for the key.')
    .max(64, 'A key’s name is at most 64 characters long.')
    // Shown in lists, the activity feed and the admins' history: a line break there would read as another line.
    .refine((name) => !/\p{Cc}/u.test(name), 'A key’s name is one line of text: it cannot hold line breaks, tabs or other control characters.')
    .describe('One line, up to 64 characters'),
  scopes: z
    .array(scope, { message: 'scopes must be a list of scopes' })
    .min(1, 'Choose at least one scope.')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Name each scope once.')
    .describe(ApiKeyScope.options.join(', ')),
});

/** A key as lists show it: never the key itself, only its last four characters. */
export const WorkspaceApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** The key's last four characters, to tell keys apart. */
  last_four: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  /** To the minute; null until the key is first used. */
  last_used_at: z.string().nullable(),
});
export type WorkspaceApiKey = z.infer<typeof WorkspaceApiKey>;

export const WorkspaceApiKeyList = z.object({
  keys: z.array(WorkspaceApiKey),
  /** Whether the workspace's plan includes Advanced API (several keys, every scope). */
  advanced_api: z.boolean(),
  /** The scopes the caller may give a new key: their role's, within the plan. */
  grantable_scopes: z.array(ApiKeyScope),
  /** False when the plan allows no more keys (without Advanced API a workspace holds one, the account's key included). */
  room_for_another: z.boolean(),
});

/** The answer to a new key: the key itself, shown this once. */
export const CreatedWorkspaceApiKey = z.object({
  key: WorkspaceApiKey,
  api_key: z.string().describe('Send it as the X-API-Key header. It is shown only now: store it safely.'),
});
