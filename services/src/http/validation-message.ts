import { fieldLabel, withFieldLabels } from '@linkledger/contracts';

/** One schema issue as fastify-type-provider-zod reports it: zod's code, path and message. */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** zod's own English texts ("Invalid input: expected string, received undefined"): never shown as they are. */
const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Invalid string|Invalid element|Invalid key|Too small|Too big|Unrecognized keys?:|Invalid (email|URL|url|uuid|date|datetime)\b)/;

const NOUNS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/**
 * The issue a refusal names: a field the API does not know before anything else, since a
 * misspelt field would otherwise be reported as the missing one it was meant to be.
 */
export function firstToName(issues: readonly SchemaIssue[]): SchemaIssue | undefined {
  return issues.find((issue) => issue.keyword === 'unrecognized_keys') ?? issues[0];
}

/**
 * A refused request in words a person can act on (docs/web-app.md#messages-and-toasts): the field named
 * as its screen names it, never a machine name or zod's own wording; the machine name of the
 * field goes beside it, for clients that mark the field.
 */
export function validationAnswer(issue: SchemaIssue | undefined): { detail: string; field?: string } {
  if (!issue) return { detail: 'The request could not be read.' };
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const unknown = issue.keyword === 'unrecognized_keys' ? ((issue.params?.['keys'] as string[] | undefined) ?? []) : [];
  if (unknown.length) {
    // A field the API does not know has no label: it is named as it was sent, in the schema's
    // own words where it has some ("Only title, … can be changed; remove short_code").
    if (issue.message && !ZOD_DEFAULT.test(issue.message)) return { detail: issue.message, field: [...path, unknown[0]!].join('.') };
    const names = unknown.map((key) => `"${key}"`).join(', ');
    return {
      detail: `Unknown field${unknown.length > 1 ? 's' : ''} ${names}: this request does not take ${unknown.length > 1 ? 'them' : 'it'}.`,
      field: [...path, unknown[0]!].join('.'),
    };
  }
  const name = [...path].reverse().find((part) => !/^\d+$/.test(part));
  const field = path.length ? path.join('.') : undefined;
  const label = name ? fieldLabel(name) : null;
  const given = issue.message ?? '';
  if (!ZOD_DEFAULT.test(given)) {
    // "limit must be…" → "Limit must be…": a sentence starts with the field's label.
    const opened = name && label && given.startsWith(`${name} `) ? `${label}${given.slice(name.length)}` : given;
    // Our schemas' own texts are written for people already: only machine names are replaced.
    const text = withFieldLabels(opened, name);
    return { detail: text.charAt(0).toUpperCase() + text.slice(1), ...(field ? { field } : {}) };
  }
  return { detail: ownWords(issue, label ?? 'The request'), ...(field ? { field } : {}) };
}

/** Our sentence for an issue zod described in its own words. */
function ownWords(issue: SchemaIssue, label: string): string {
  const params = issue.params ?? {};
  const origin = params['origin'] as string | undefined;
  switch (issue.keyword) {
    case 'invalid_type': {
      if (/received undefined$/.test(issue.message ?? '')) return `${label} is required.`;
      const expected = NOUNS[String(params['expected'])] ?? 'of another kind';
      return `${label} must be ${expected}.`;
    }
    case 'too_small':
      if (origin === 'string')
        return Number(params['minimum']) <= 1 ? `${label} is required.` : `${label} must be at least ${String(params['minimum'])} characters.`;
      if (origin === 'array' || origin === 'set') return `${label} needs at least ${String(params['minimum'])}.`;
      return `${label} must be at least ${String(params['minimum'])}.`;
    case 'too_big':
      if (origin === 'string') return `${label} must be at most ${String(params['maximum'])} characters.`;
      if (origin === 'array' || origin === 'set') return `${label} takes at most ${String(params['maximum'])}.`;
      return `${label} must be at most ${String(params['maximum'])}.`;
    case 'invalid_value': {
      const values = (params['values'] as unknown[] | undefined)?.map(String) ?? [];
      return values.length ? `${label} must be one of: ${values.join(', ')}.` : `${label} has a value we do not accept.`;
    }
    case 'invalid_format':
      if (params['format'] === 'email') return `${label} must be a valid email address.`;
      if (params['format'] === 'url') return `${label} must be a full web address starting with http:// or https://.`;
      return `${label} is not in the expected format.`;
    default:
      return `${label} is not valid.`;
  }
}
