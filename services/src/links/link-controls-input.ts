import type { LinkControlsInput, UpdateLinkBody } from '@linkledger/contracts';
import { hashPassword } from '../accounts/index.ts';

/** The controls as a request gives them (docs/links.md#setting-controls): `password` in plain text, write-only. */
export type LinkControlsRequest = Pick<UpdateLinkBody, keyof typeof LinkControlsInput>;

/**
 * A request's fields as events hold them: the password becomes its slow hash here, in the
 * command's runner, so no decider, event or log ever holds it; null removes it.
 */
export async function withPasswordHashed<Request extends LinkControlsRequest>({
  password,
  ...fields
}: Request): Promise<Omit<Request, 'password'> & { password_hash?: string | null }> {
  if (password === undefined) return fields;
  return { ...fields, password_hash: password === null ? null : await hashPassword(password) };
}

/** The addresses a request's controls send visits to: the expired page's, the rules' and the variants'. */
export function controlAddresses(request: LinkControlsRequest): string[] {
  return [
    ...(request.expired_url ? [request.expired_url] : []),
    ...(request.rules ?? []).map((rule) => rule.url),
    ...(request.variants ?? []).map((variant) => variant.url),
  ];
}
