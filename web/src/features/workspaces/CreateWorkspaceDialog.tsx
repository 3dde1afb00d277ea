import { useState } from 'react';
import { InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { ActionStatusLine } from './ActionStatusLine.tsx';
import { useWorkspaceAction } from './use-workspace-action.ts';
import { slugFromName } from './workspace-rules.ts';
import { enterWorkspace, workspacesApi } from './workspaces-api.ts';

/** Creates a team workspace (name and slug) and switches to it (docs/workspaces.md#screens). */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal title="Create workspace" open={open} onClose={onClose} size="sm">
      {open ? <CreateWorkspaceForm onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateWorkspaceForm({ onClose }: { onClose(): void }) {
  const [name, setName] = useState('');
  // The slug follows the name until it is edited by hand.
  const [slug, setSlug] = useState<string | null>(null);
  const { status, busy, run } = useWorkspaceAction('Failed to create the workspace. Please try again.');
  const shownSlug = slug ?? slugFromName(name);

  const create = () =>
    run(async () => {
      const message = await enterWorkspace(await workspacesApi.create(name.trim(), shownSlug.trim()));
      toast(message);
      onClose();
      return message;
    });

  return (
    <form
      className="stack gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <p>A team workspace has its own links, members and plan. You are its owner.</p>
      <InputField id="workspace-name" label="Name" value={name} onValue={setName} required maxLength={64} hint="One line, up to 64 characters." />
      <InputField
        id="workspace-slug"
        label="Slug"
        value={shownSlug}
        onValue={setSlug}
        required
        minLength={3}
        maxLength={48}
        hint="3 to 48 lower-case letters, digits and hyphens; no two workspaces share one."
        {...VERBATIM_INPUT}
      />
      <ActionStatusLine status={status} />
      <div className="cluster cluster--end">
        <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : null}
          Create workspace
        </button>
      </div>
    </form>
  );
}
