/** An answer to the client: status and a message a person can act on. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const unauthorized = (detail: string) => new HttpError(401, detail, { 'www-authenticate': 'Bearer' });
export const conflict = (detail: string) => new HttpError(409, detail);
