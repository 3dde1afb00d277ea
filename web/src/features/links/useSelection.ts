import { useState } from 'react';
import type { Link } from '../../api/types.ts';

/** The links ticked on the shown page; links that leave the page (another page, a delete) leave the selection. */
export function useSelection(links: readonly Link[]) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [seen, setSeen] = useState(links);
  if (seen !== links) {
    setSeen(links);
    const shown = new Set(links.map((link) => link.id));
    if ([...ticked].some((id) => !shown.has(id))) setTicked(new Set([...ticked].filter((id) => shown.has(id))));
  }

  const selectedLinks = links.filter((link) => ticked.has(link.id));
  return {
    isSelected: (link: Link) => ticked.has(link.id),
    selectedLinks,
    allSelected: links.length > 0 && selectedLinks.length === links.length,
    select(link: Link, on: boolean) {
      setTicked((previous) => {
        const next = new Set(previous);
        if (on) next.add(link.id);
        else next.delete(link.id);
        return next;
      });
    },
    selectAll: (on: boolean) => setTicked(on ? new Set(links.map((link) => link.id)) : new Set()),
    clear: () => setTicked(new Set()),
  };
}
