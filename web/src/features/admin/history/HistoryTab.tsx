import './history.css';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { EntityKind } from '@linkledger/contracts';
import { SelectField } from '../../../ui/SelectField.tsx';
import { InputField } from '../../../ui/Field.tsx';
import { StatusMessage } from '../StatusMessage.tsx';
import { EntityTimeline } from './EntityTimeline.tsx';
import { EventBrowser } from './EventBrowser.tsx';
import { useHistoryLinks } from './HistoryLinks.tsx';
import { ENTITY_KINDS, entityFromParam, entityParam, type EntityRef } from './history-filters.ts';
import { entityKindName } from './history-format.ts';

/**
 * The History tab (docs/web-app.md#history-tab): the event browser, or with `entity=link:12`
 * in the address that entity's timeline; the look-up box opens any entity's.
 */
export function HistoryTab() {
  const [params] = useSearchParams();
  const asked = params.get('entity');
  const entity = entityFromParam(asked);
  const links = useHistoryLinks();
  return (
    <div className="admin__section history">
      <div className="cluster cluster--between cluster--bottom gap-3 history__top">
        {entity ? (
          <Link className="text-link" to={links.filtered({})}>
            <span aria-hidden="true">← </span>All events
          </Link>
        ) : (
          <p className="admin__count">Every change to the platform is an event: filter them, watch them arrive, or open one entity’s timeline.</p>
        )}
        <EntityLookup key={asked ?? ''} current={entity} />
      </div>
      {asked !== null && !entity ? <StatusMessage text={`“${asked}” is not an entity: use link:12, user:3 or subscription:3.`} /> : null}
      {entity ? <EntityTimeline key={entityParam(entity)} entity={entity} /> : <EventBrowser />}
    </div>
  );
}

/** Kind and id: opens that entity's timeline. */
function EntityLookup({ current }: { current: EntityRef | null }) {
  const id = useId();
  const links = useHistoryLinks();
  const navigate = useNavigate();
  const [kind, setKind] = useState<EntityKind>(current?.kind ?? 'link');
  const [number, setNumber] = useState(current ? String(current.id) : '');
  const entity = entityFromParam(`${kind}:${number.trim()}`);

  const open = (event: FormEvent) => {
    event.preventDefault();
    if (entity) void navigate(links.timeline(entity));
  };

  return (
    <form className="history-lookup cluster cluster--bottom" role="search" aria-label="Open an entity’s timeline" onSubmit={open}>
      <SelectField
        id={`${id}-kind`}
        label="Entity"
        value={kind}
        options={ENTITY_KINDS.map((option) => ({ value: option, label: entityKindName(option) }))}
        onChange={setKind}
      />
      <InputField
        id={`${id}-id`}
        label="Id"
        inputClassName="history-lookup__id"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={number}
        onValue={setNumber}
      />
      <button type="submit" className="button button--primary" disabled={!entity}>
        Open timeline
      </button>
    </form>
  );
}
