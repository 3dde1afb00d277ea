/**
 * The documented public API (docs/developer-api.md) as copy-and-paste samples,
 * written for this server's own address. The key is a parameter so a screen can show it
 * masked and copy it in full.
 */

export type Language = 'curl' | 'javascript' | 'python';

export const LANGUAGES: { id: Language; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
];

interface ApiExample {
  id: 'create' | 'list' | 'analytics' | 'shorten';
  title: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  code: Record<Language, (origin: string, key: string) => string>;
}

const SAMPLE_URL = 'https://example.com/blog/launch-announcement';

export const API_EXAMPLES: ApiExample[] = [
  {
    id: 'create',
    title: 'Create a short link',
    method: 'POST',
    path: '/api/urls/api',
    summary: 'Shortens a URL. The link is listed under API URLs on your dashboard and counts towards your monthly links.',
    code: {
      curl: (origin, key) => `curl -X POST "${origin}/api/urls/api" \\
  -H "X-API-Key: ${key}" \\
  -H "Content-Type: application/json" \\
  -d '{"original_url": "${SAMPLE_URL}", "title": "Launch post"}'`,
      javascript: (origin, key) => `const response = await fetch("${origin}/api/urls/api", {
  method: "POST",
  headers: { "X-API-Key": "${key}", "Content-Type": "application/json" },
  body: JSON.stringify({ original_url: "${SAMPLE_URL}", title: "Launch post" }),
});
if (!response.ok) throw new Error((await response.json()).detail);
const link = await response.json();
console.log(link.short_url);`,
      python: (origin, key) => `import requests

response = requests.post(
    "${origin}/api/urls/api",
    headers={"X-API-Key": "${key}"},
    json={"original_url": "${SAMPLE_URL}", "title": "Launch post"},
)
response.raise_for_status()
print(response.json()["short_url"])`,
    },
  },
  {
    id: 'list',
    title: 'List your links',
    method: 'GET',
    path: '/api/urls',
    summary: 'Your links, newest first, 10 at a time; page with skip and limit (up to 100), filter with search and created_via.',
    code: {
      curl: (origin, key) => `curl "${origin}/api/urls?limit=10&sort_by=newest" \\
  -H "X-API-Key: ${key}"`,
      javascript: (origin, key) => `const response = await fetch("${origin}/api/urls?limit=10&sort_by=newest", {
  headers: { "X-API-Key": "${key}" },
});
const links = await response.json();
for (const link of links) console.log(link.short_url, link.total_clicks);`,
      python: (origin, key) => `import requests

response = requests.get(
    "${origin}/api/urls",
    headers={"X-API-Key": "${key}"},
    params={"limit": 10, "sort_by": "newest"},
)
response.raise_for_status()
for link in response.json():
    print(link["short_url"], link["total_clicks"])`,
    },
  },
  {
    id: 'analytics',
    title: 'Read a link’s analytics',
    method: 'GET',
    path: '/api/urls/{id}/analytics',
    summary:
      'Clicks today, this week and this month, clicks per day, top referrers and countries, devices, browsers and operating systems. Optional date_from and date_to (YYYY-MM-DD, UTC).',
    code: {
      curl: (origin, key) => `curl "${origin}/api/urls/123/analytics?date_from=2026-01-01&date_to=2026-01-31" \\
  -H "X-API-Key: ${key}"`,
      javascript: (origin, key) => `const response = await fetch("${origin}/api/urls/123/analytics", {
  headers: { "X-API-Key": "${key}" },
});
const analytics = await response.json();
console.log(analytics.total_clicks, analytics.clicks_today);`,
      python: (origin, key) => `import requests

response = requests.get(
    "${origin}/api/urls/123/analytics",
    headers={"X-API-Key": "${key}"},
    params={"date_from": "2026-01-01", "date_to": "2026-01-31"},
)
response.raise_for_status()
print(response.json()["total_clicks"])`,
    },
  },
  {
    id: 'shorten',
    title: 'Shorten with a query string',
    method: 'GET',
    path: '/api/shorten',
    summary: 'The compatible style: key, short (the URL-encoded address) and an optional name. Always HTTP 200; read url.status (7 is success).',
    code: {
      curl: (origin, key) => `curl "${origin}/api/shorten?key=${key}&short=${encodeURIComponent(SAMPLE_URL)}&name=launch"`,
      javascript: (origin, key) => `const params = new URLSearchParams({ key: "${key}", short: "${SAMPLE_URL}", name: "launch" });
const { url } = await (await fetch(\`${origin}/api/shorten?\${params}\`)).json();
if (url.status === 7) console.log(url.shortLink);
else console.error("Not shortened, status", url.status);`,
      python: (origin, key) => `import requests

response = requests.get(
    "${origin}/api/shorten",
    params={"key": "${key}", "short": "${SAMPLE_URL}", "name": "launch"},
)
result = response.json()["url"]
print(result["shortLink"] if result["status"] == 7 else f"status {result['status']}")`,
    },
  },
];

/** The placeholder the documentation shows where your key goes. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** cutt.ly-compatible status codes of GET /api/shorten (contracts/src/http/api-keys.ts CUTTLY_STATUS). */
export const SHORTEN_STATUSES: { code: number; meaning: string }[] = [
  { code: 1, meaning: 'The address is already a short link of this service.' },
  { code: 2, meaning: 'Not a web address: short must start with http:// or https://.' },
  { code: 3, meaning: 'The name (short code) is already taken.' },
  { code: 4, meaning: 'Invalid API key.' },
  { code: 5, meaning: 'The name is not allowed: 3 to 32 letters, digits, hyphens or underscores, and not a reserved word.' },
  { code: 6, meaning: 'Blocked domain: the address points back at this service (a redirect loop).' },
  { code: 7, meaning: 'Success: url.shortLink holds the short link, with fullLink, title and date.' },
  { code: 8, meaning: 'Your plan’s monthly link limit is reached.' },
];
