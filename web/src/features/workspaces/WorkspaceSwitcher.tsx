import './workspaces.css';
import { useId, useState } from 'react';
import { PlusIcon } from '../../ui/icons.tsx';
import { CreateWorkspaceDialog } from './CreateWorkspaceDialog.tsx';
import { useWorkspaces } from './useWorkspaces.ts';
import { ROLE_LABELS } from './workspace-rules.ts';

/**
 * The sidebar's workspace switcher (docs/workspaces.md#screens): a native select of the caller's
 * workspaces, personal first, which keyboards, screen readers and phones already handle; the
 * caller's role in the current one; and "Create workspace".
 */
export function WorkspaceSwitcher() {
  const id = useId();
  const { workspaces, current, choose } = useWorkspaces();
  const [creating, setCreating] = useState(false);
  return (
    <div className="workspace-switcher">
      <label className="workspace-switcher__label" htmlFor={id}>
        Workspace
      </label>
      {workspaces && current ? (
        <>
          <select
            id={id}
            className="select workspace-switcher__select"
            value={current.id}
            aria-describedby={`${id}-role`}
            onChange={(event) => {
              const chosen = workspaces.find((workspace) => String(workspace.id) === event.target.value);
              if (chosen) void choose(chosen.id);
            }}
          >
            {workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.personal ? `${workspace.name} (personal)` : workspace.name}
              </option>
            ))}
          </select>
          <p className="workspace-switcher__role" id={`${id}-role`}>
            Your role: {ROLE_LABELS[current.role]}
          </p>
        </>
      ) : (
        <select id={id} className="select workspace-switcher__select" disabled>
          <option>Loading…</option>
        </select>
      )}
      <button type="button" className="sidebar__link workspace-switcher__create" onClick={() => setCreating(true)}>
        <PlusIcon />
        <span>Create workspace</span>
      </button>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
