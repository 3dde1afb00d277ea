import { lazy } from 'react';

// Tags and folders (docs/links.md#tags-and-folders): the chips, dialog fields and filters the links feature shows, and the Tags page.
export { LinkLabels } from './TagChips.tsx';
export { LabelFields, changedLabels, newLinkLabels, type LabelsDraft } from './LabelFields.tsx';
export { LabelFilters } from './LabelFilters.tsx';
export { labelsChanged } from './label-queries.ts';

export const TagsPage = lazy(() => import('./TagsPage.tsx'));
