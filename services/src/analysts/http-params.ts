/** String types whose param_ values ClickHouse reads in its escaped text form (`\t`, `\n`, `\\`, `\'`). */
const STRING_TYPE = /^(?:(?:Nullable|LowCardinality)\()*(?:String|FixedString\(\d+\))\)*$/;
const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '0': '\0', a: '\x07', v: '\v' };

const unescape = (value: string) =>
  value.replace(/\\(x[0-9a-fA-F]{2}|[\s\S])/g, (_, code: string) =>
    code.length === 3 ? String.fromCharCode(parseInt(code.slice(1), 16)) : (ESCAPES[code] ?? code),
  );

/**
 * The values of a request's param_… parameters as plain values, the form the engines bind:
 * over HTTP, ClickHouse reads a String parameter escaped as in TabSeparated (clients send
 * `a\tb` for a tab), so such values are unescaped here; other types pass as sent.
 */
export function plainParams(query: string, params: Record<string, string>): Record<string, string> {
  const types = new Map([...query.matchAll(/\{\s*(\w+)\s*:\s*([^{}]+?)\s*\}/g)].map((match) => [match[1]!, match[2]!.replace(/\s+/g, '')]));
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, STRING_TYPE.test(types.get(name) ?? '') ? unescape(value) : value]));
}
