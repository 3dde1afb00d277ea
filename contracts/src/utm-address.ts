/** The UTM fields in the order they are appended to a destination (docs/links.md#utm-parameters). */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** A link's UTM parameters by field; unset ones absent or null. */
export type UtmParameters = Partial<Record<(typeof UTM_FIELDS)[number], string | null>>;

/** The parameters that are set, in the order they are appended; empty when none is. */
export function setUtmParameters(utm: UtmParameters): [string, string][] {
  return UTM_FIELDS.flatMap((field) => {
    const value = utm[field];
    return value === undefined || value === null || value === '' ? [] : [[field, value] as [string, string]];
  });
}

/** A query pair's name as a form decodes it ("+" a space), or the raw name when it is not valid percent-encoding. */
function pairName(pair: string): string {
  const raw = (pair.split('=', 1)[0] ?? '').replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The address a visit is sent to once a link's UTM parameters are added (docs/links.md#utm-parameters):
 * the destination's own query pairs stay as they are, byte for byte and in their order; a UTM parameter
 * it already has takes the link's value in its place (every copy of it after the first goes,
 * so none is ever doubled); the others follow in the order utm_source, utm_medium,
 * utm_campaign, utm_term, utm_content; the fragment stays last. Values are percent-encoded,
 * so "&", "#", line breaks or any other character cannot change the address around them.
 * Without parameters the destination is returned as it is (the same string).
 */
export function withUtmParameters(destination: string, utm: UtmParameters): string {
  const parameters = setUtmParameters(utm);
  if (parameters.length === 0) return destination;
  const hashAt = destination.indexOf('#');
  const fragment = hashAt === -1 ? '' : destination.slice(hashAt);
  const beforeFragment = hashAt === -1 ? destination : destination.slice(0, hashAt);
  const queryAt = beforeFragment.indexOf('?');
  const path = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1);
  const ours = new Map(parameters);
  const placed = new Set<string>();
  const encoded = (name: string) => `${name}=${encodeURIComponent(ours.get(name)!)}`;
  const pairs = query.split('&').filter((pair) => pair !== '');
  const kept = pairs.flatMap((pair) => {
    const name = pairName(pair);
    if (!ours.has(name)) return [pair];
    if (placed.has(name)) return [];
    placed.add(name);
    return [encoded(name)];
  });
  const added = parameters.filter(([name]) => !placed.has(name)).map(([name]) => encoded(name));
  return `${path}?${[...kept, ...added].join('&')}${fragment}`;
}
