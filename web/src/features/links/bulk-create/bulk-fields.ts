/**
 * The link fields a bulk-create file can fill (docs/links.md#bulk-create), each with the
 * header words that name it in files from spreadsheets and other link shorteners.
 */
export const BULK_FIELDS = [
  {
    key: 'original_url',
    label: 'Destination URL',
    required: true,
    names: ['original url', 'url', 'long url', 'destination', 'destination url', 'target', 'link'],
  },
  { key: 'title', label: 'Title', names: ['title', 'name'] },
  { key: 'description', label: 'Description', names: ['description', 'notes', 'note'] },
  { key: 'short_code', label: 'Custom short code', names: ['short code', 'custom short code', 'slug', 'code', 'back half', 'keyword', 'alias'] },
  { key: 'tags', label: 'Tags', names: ['tags', 'tag', 'labels'] },
  { key: 'folder', label: 'Folder', names: ['folder', 'group'] },
  { key: 'utm_source', label: 'UTM source', names: ['utm source', 'source'] },
  { key: 'utm_medium', label: 'UTM medium', names: ['utm medium', 'medium'] },
  { key: 'utm_campaign', label: 'UTM campaign', names: ['utm campaign', 'campaign'] },
  { key: 'utm_term', label: 'UTM term', names: ['utm term', 'term'] },
  { key: 'utm_content', label: 'UTM content', names: ['utm content', 'content'] },
] as const;

export type BulkField = (typeof BULK_FIELDS)[number]['key'];

/** Which column (by position) fills each field; null leaves the field out. */
export type ColumnMapping = Record<BulkField, number | null>;

/** "Long_URL", "long-url " and "Long URL" are the same header. */
const normalized = (header: string) => header.toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();

/** The mapping guessed from the headers: each field takes the first unused column whose header names it. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const names = headers.map(normalized);
  const used = new Set<number>();
  const mapping = {} as ColumnMapping;
  for (const field of BULK_FIELDS) {
    const column = names.findIndex((name, index) => !used.has(index) && (field.names as readonly string[]).includes(name));
    mapping[field.key] = column === -1 ? null : column;
    if (column !== -1) used.add(column);
  }
  return mapping;
}
