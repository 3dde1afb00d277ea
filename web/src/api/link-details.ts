import { linksApi } from './endpoints.ts';

/**
 * One link's details as a query: the analytics screen reads them, the links feature
 * invalidates them after an edit or a delete, so the key lives in the shared layer.
 */
export const LINK_DETAILS = ['link'] as const;
export const linkDetailsQuery = (id: number) => [...LINK_DETAILS, id] as const;

/** A failure of the link details is only logged (docs/analytics.md#when-analytics-cannot-be-shown). */
export const loadLinkDetails = (id: number) =>
  linksApi.get(id).catch((error: unknown) => {
    console.error('Could not load the link details', error);
    throw error;
  });
