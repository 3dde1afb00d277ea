import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { linksApi } from '../../api/endpoints.ts';
import { setQueryData, useQuery } from '../../api/query.ts';
import { momentLabel } from '../../format/dates.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { HistoryIcon } from '../../ui/icons.tsx';
import { useLiveActivity } from '../../live/useLiveActivity.ts';
import { activityApiQuery, activityFiltersFrom, activitySearch, withLiveEntry, type ActivityFilters } from './activity-filters.ts';
import { useWorkspaces } from './useWorkspaces.ts';
import { WORKSPACES_QUERY, membersQuery, workspacesApi, type WorkspaceActivity } from './workspaces-api.ts';
import './activity.css';

type Entry = WorkspaceActivity['events'][number];

/** The links a filter can name: the newest hundred of the current workspace (the API's largest page). */
const LINK_CHOICES = { skip: 0, limit: 100 } as const;

/**
 * /activity: what happened in the current workspace, newest first, as the server's sentences
 * (docs/workspaces.md#screens); filtered by member and by link, both kept in the address.
 */
export default function ActivityPage() {
  const { current } = useWorkspaces();
  const [params, setParams] = useSearchParams();
  const filters = activityFiltersFrom(params);
  const setFilters = (next: ActivityFilters) => setParams(new URLSearchParams(activitySearch(next).slice(1)));

  return (
    <div className="activity stack gap-4">
      <PageHeader title="Activity" subtitle={current ? `What happened in ${current.name}, newest first.` : 'What happened in the workspace, newest first.'} />
      {current ? (
        <>
          <ActivityFilterBar workspaceId={current.id} filters={filters} onChange={setFilters} />
          {/* A new workspace or filter starts the list again from the newest page. */}
          <ActivityList key={`${current.id}${activitySearch(filters)}`} workspaceId={current.id} filters={filters} />
        </>
      ) : null}
    </div>
  );
}

function ActivityFilterBar({ workspaceId, filters, onChange }: { workspaceId: number; filters: ActivityFilters; onChange(next: ActivityFilters): void }) {
  const members = useQuery(membersQuery(workspaceId), () => workspacesApi.members(workspaceId));
  const links = useQuery([...WORKSPACES_QUERY, workspaceId, 'activity-links'], () => linksApi.list(LINK_CHOICES));
  const memberOptions = [{ value: 0, label: 'All members' }, ...(members.data?.members ?? []).map((m) => ({ value: m.user_id, label: m.username }))];
  const linkOptions = [
    { value: 0, label: 'All links' },
    ...(links.data?.urls ?? []).map((l) => ({ value: l.id, label: `/${l.short_code} ${l.title || 'Untitled URL'}` })),
  ];
  // A link reached from its own page may be older than the hundred listed: it is still offered by its id.
  if (filters.link !== null && !linkOptions.some((option) => option.value === filters.link))
    linkOptions.push({ value: filters.link, label: `Link ${filters.link}` });
  if (filters.member !== null && !memberOptions.some((option) => option.value === filters.member))
    memberOptions.push({ value: filters.member, label: `Member ${filters.member}` });

  return (
    <div className="card activity__filters">
      <SelectField
        id="activity-member"
        label="Member"
        value={filters.member ?? 0}
        options={memberOptions}
        onChange={(member) => onChange({ ...filters, member: member || null })}
      />
      <SelectField
        id="activity-link"
        label="Link"
        value={filters.link ?? 0}
        options={linkOptions}
        onChange={(link) => onChange({ ...filters, link: link || null })}
      />
    </div>
  );
}

/**
 * The newest page through the shared cache, with each new entry the live socket brings added on
 * top when the filters let it through; older pages, read with the cursor, kept here.
 */
function ActivityList({ workspaceId, filters }: { workspaceId: number; filters: ActivityFilters }) {
  const key = [...WORKSPACES_QUERY, workspaceId, 'activity', filters];
  const first = useQuery(key, () => workspacesApi.activity(workspaceId, activityApiQuery(filters, null)));
  useLiveActivity((activity) => {
    // A message of the workspace watched before a switch is not this list's.
    if (activity.workspace_id !== workspaceId) return;
    setQueryData<WorkspaceActivity>(key, (page) => page && withLiveEntry(page, activity.entry, filters));
  });
  const [older, setOlder] = useState<{ events: Entry[]; cursor: number | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);

  if (first.error !== undefined && !first.data)
    return (
      <p className="status-message tone-error" role="alert">
        {errorText(first.error, 'Failed to load the activity. Please try again.')}
      </p>
    );
  if (!first.data) return <p className="activity__loading">Loading activity…</p>;

  // The newest page may be read again (a workspace chosen anew) while older pages stay: each entry is shown once.
  const oldestShown = first.data.events.at(-1)?.position ?? Infinity;
  const events = [...first.data.events, ...(older?.events ?? []).filter((entry) => entry.position < oldestShown)];
  const cursor = older ? older.cursor : first.data.older;
  const loadOlder = async (before: number) => {
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await workspacesApi.activity(workspaceId, activityApiQuery(filters, before));
      setOlder((kept) => ({ events: [...(kept?.events ?? []), ...page.events], cursor: page.older }));
    } catch (error) {
      setOlderError(errorText(error, 'Failed to load older activity. Please try again.'));
    } finally {
      setLoadingOlder(false);
    }
  };

  if (events.length === 0)
    return (
      <div className="card empty-state" data-testid="activity-empty">
        <span className="empty-state__icon" aria-hidden="true">
          <HistoryIcon />
        </span>
        <p className="empty-state__title">No activity yet</p>
        <p>
          {filters.member !== null || filters.link !== null ? 'Nothing matches these filters.' : 'Changes to the workspace and its links will be listed here.'}
        </p>
      </div>
    );

  return (
    <div className="stack gap-3">
      <ol className="card activity__list" aria-label="Activity" data-testid="activity-list">
        {events.map((entry) => (
          <li key={entry.position} className="activity__entry" data-type={entry.type}>
            <p className="activity__summary">{entry.summary}</p>
            <p className="activity__meta">
              <span>{entry.actor ? entry.actor.name : 'Linkledger'}</span>
              <time dateTime={entry.at}>{momentLabel(entry.at)}</time>
            </p>
          </li>
        ))}
      </ol>
      {olderError ? (
        <p className="status-message tone-error" role="alert">
          {olderError}
        </p>
      ) : null}
      {cursor !== null ? (
        <button type="button" className="button button--secondary activity__older" disabled={loadingOlder} onClick={() => void loadOlder(cursor)}>
          {loadingOlder ? 'Loading…' : 'Load older'}
        </button>
      ) : null}
    </div>
  );
}
