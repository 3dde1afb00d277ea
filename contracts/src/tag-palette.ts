/**
 * The colours a tag may take by name (docs/links.md#tags-and-folders); any #rrggbb is taken too.
 * Apart from the zod schemas, so the web app reads it without them.
 */
export const TAG_PALETTE = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
/** The colour a tag gets when it is created by naming it on a link. */
export const DEFAULT_TAG_COLOR = 'gray';
