/*
 * A refusal of the create or edit call shown next to the control it names (docs/links.md#smart-links),
 * as the Edit dialog shows a destination's problem under the destination: the server's
 * `detail` names the field ("max_clicks must be 1 or more", "weights must add up to 100").
 */

export type ControlField = 'starts_at' | 'expires_at' | 'max_clicks' | 'expired_url' | 'password' | 'rules' | 'variants' | 'og';

/** What names each control in a refusal, at the start of a word. */
const NAMES: readonly [RegExp, ControlField][] = [
  [/\bstarts_at\b/, 'starts_at'],
  [/\bexpires_at\b/, 'expires_at'],
  [/\bmax_clicks\b/, 'max_clicks'],
  [/\bexpired_url\b/, 'expired_url'],
  [/\bexpir/, 'expires_at'],
  [/\bpassword/, 'password'],
  [/\b(?:rules?|conditions?|targeting)\b/, 'rules'],
  [/\b(?:variants?|weights?|a\/b)\b/, 'variants'],
  [/\b(?:og|social card)\b/, 'og'],
];

/** The control a refusal names first, or null when it names none (then it shows above the form). */
export function controlFieldOf(detail: string): ControlField | null {
  const text = detail.toLowerCase();
  let found: { at: number; field: ControlField } | null = null;
  for (const [name, field] of NAMES) {
    const at = text.search(name);
    if (at >= 0 && (!found || at < found.at)) found = { at, field };
  }
  return found?.field ?? null;
}
