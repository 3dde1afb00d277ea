import type { Link } from '../../api/types.ts';
import { createdLabel } from '../../format/dates.ts';
import { ClickCount, ControlBadges, StatusBadge, ViaBadge } from './LinkBadges.tsx';
import { LinkActions, linkName, type LinkHandlers } from './LinkActions.tsx';
import { displayUrl } from './list-query.ts';
import { LinkLabels } from '../labels/index.ts';

interface LinkViewProps {
  link: Link;
  selected: boolean;
  onSelect(link: Link, selected: boolean): void;
  handlers: LinkHandlers;
  pulse: number | undefined;
}

/** The row's or card's classes (selected, inactive) and the data attributes that name its link. */
function itemAttributes(block: 'link-row' | 'link-card', link: Link, selected: boolean) {
  return {
    className: `${block}${selected ? ` ${block}--selected` : ''}${link.is_active ? '' : ` ${block}--inactive`}`,
    'data-link-id': link.id,
    'data-short-code': link.short_code,
  };
}

/** One link as a table row (list view); on narrow screens the row stacks into a card. */
export function LinkRow({ link, selected, onSelect, handlers, pulse }: LinkViewProps) {
  const name = linkName(link);
  return (
    <tr {...itemAttributes('link-row', link, selected)}>
      <td className="link-row__select">
        <SelectBox link={link} name={name} selected={selected} onSelect={onSelect} />
      </td>
      <td className="link-row__main">
        <p className={`link-title${link.title ? '' : ' link-title--untitled'}`}>{name}</p>
        <Addresses link={link} />
        <LinkLabels link={link} />
        <ControlBadges link={link} />
      </td>
      <td className="num link-row__clicks" data-label="Clicks">
        <ClickCount link={link} pulse={pulse} />
      </td>
      <td className="link-row__created" data-label="Created">
        <time dateTime={link.created_at}>{createdLabel(link.created_at)}</time>
      </td>
      <td className="link-row__via" data-label="Source">
        <ViaBadge link={link} />
      </td>
      <td className="link-row__status" data-label="Status">
        <StatusBadge link={link} />
      </td>
      <td className="link-row__actions">
        <LinkActions link={link} handlers={handlers} />
      </td>
    </tr>
  );
}

/** One link as a card (cards view). */
export function LinkCard({ link, selected, onSelect, handlers, pulse }: LinkViewProps) {
  const name = linkName(link);
  return (
    <li {...itemAttributes('link-card', link, selected)}>
      <div className="cluster cluster--between cluster--nowrap link-card__top">
        <SelectBox link={link} name={name} selected={selected} onSelect={onSelect} />
        <div className="link-card__badges">
          <ViaBadge link={link} />
          <StatusBadge link={link} />
        </div>
      </div>
      <h3 className={`link-title${link.title ? '' : ' link-title--untitled'}`}>{name}</h3>
      <Addresses link={link} />
      <LinkLabels link={link} />
      <ControlBadges link={link} />
      <dl className="link-card__facts">
        <div>
          <dt>Clicks</dt>
          <dd>
            <ClickCount link={link} pulse={pulse} />
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={link.created_at}>{createdLabel(link.created_at)}</time>
          </dd>
        </div>
      </dl>
      <LinkActions link={link} handlers={handlers} />
    </li>
  );
}

/** The bulk-selection checkbox, named after the link. */
function SelectBox({ link, name, selected, onSelect }: Pick<LinkViewProps, 'link' | 'selected' | 'onSelect'> & { name: string }) {
  return (
    <input
      type="checkbox"
      className="dash-checkbox"
      checked={selected}
      onChange={(event) => onSelect(link, event.target.checked)}
      aria-label={`Select ${name}`}
    />
  );
}

/** The short link (opens in a new tab) and the destination it leads to. */
function Addresses({ link }: { link: Link }) {
  return (
    <>
      <a className="short-link" href={link.short_url} target="_blank" rel="noopener">
        {displayUrl(link.short_url)}
      </a>
      <p className="destination" title={link.original_url}>
        {link.original_url}
      </p>
    </>
  );
}
