import './Tabs.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Rendered only while the tab is selected. */
  content: ReactNode;
}

interface TabsProps {
  /** What the tabs are, for screen readers ("API documentation sections"). */
  label: string;
  tabs: TabItem[];
  /** Controlled: the selected tab's id (with onSelect). Uncontrolled when absent. */
  selected?: string;
  onSelect?(id: string): void;
  className?: string;
}

/**
 * Scrolls the tablist sideways, and only the tablist, until the tab is inside it. Never the
 * page: scrollIntoView would also scroll the page down to a strip below the fold (on a
 * phone the dashboard jumped to its tabs as soon as the list loaded).
 */
function showInStrip(tab: HTMLElement): void {
  const strip = tab.parentElement;
  if (!strip) return;
  const tabBox = tab.getBoundingClientRect();
  const stripBox = strip.getBoundingClientRect();
  if (tabBox.left < stripBox.left) strip.scrollLeft -= stripBox.left - tabBox.left;
  else if (tabBox.right > stripBox.right) strip.scrollLeft += tabBox.right - stripBox.right;
}

/**
 * WAI-ARIA tabs: a tablist of tabs with a roving tab stop (Left/Right arrows, Home and End
 * move and select; Tab goes on into the panel), each tab controlling its tabpanel.
 */
export function Tabs({ label, tabs, selected, onSelect, className }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(tabs[0]?.id ?? '');
  const current = tabs.some((tab) => tab.id === (selected ?? own)) ? (selected ?? own) : (tabs[0]?.id ?? '');
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    select(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  // A tab chosen by the address (a reload, a shared link) may sit past the edge of a scrolling tablist: bring it into view.
  useEffect(() => {
    const button = buttons.current.get(current);
    if (button) showInStrip(button);
  }, [current]);

  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  return (
    <div className={`tabset${className ? ` ${className}` : ''}`}>
      <div role="tablist" aria-label={label} className="tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) buttons.current.set(tab.id, node);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="tab"
            aria-selected={tab.id === current}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => select(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={panelId(tab.id)} aria-labelledby={tabId(tab.id)} className="tabpanel" hidden={tab.id !== current} tabIndex={0}>
          {tab.id === current ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
