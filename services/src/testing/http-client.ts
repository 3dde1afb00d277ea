/** Small fetch helpers for tests that talk to a server process over HTTP. */
export async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const r = await response;
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

export type Auth = { token: string; headers: Record<string, string> };

/** Registers (unless `register` is false) and signs in; returns the bearer headers. */
export async function signUpOver(baseUrl: string, email: string, password = 'secret123', register = true): Promise<Auth> {
  if (register)
    await json(
      fetch(`${baseUrl}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }),
    );
  const { access_token } = await json<{ access_token: string }>(
    fetch(`${baseUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
    }),
  );
  return { token: access_token, headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' } };
}

export async function createLinkOver(baseUrl: string, auth: Auth, originalUrl: string) {
  return json<{ id: number; short_code: string }>(
    fetch(`${baseUrl}/api/urls`, { method: 'POST', headers: auth.headers, body: JSON.stringify({ original_url: originalUrl }) }),
  );
}

/** The human click counts the read model and analytics show for a link. */
export async function countsOver(baseUrl: string, auth: Auth, id: number) {
  const total = (await json<{ total_clicks: number }>(fetch(`${baseUrl}/api/urls/${id}`, { headers: auth.headers }))).total_clicks;
  const analytics = (await json<{ total_clicks: number }>(fetch(`${baseUrl}/api/urls/${id}/analytics`, { headers: auth.headers }))).total_clicks;
  return { total, analytics };
}

export const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
