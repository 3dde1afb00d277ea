import { useId, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { findUserByEmail, findWorkspaceBySlug } from './find-user.ts';
import type { AdminUser, AdminWorkspace } from './admin-api.ts';

/** What a look-up finds, and the texts it answers with. */
interface LookupKind<Found> {
  find(text: string): Promise<Found | null>;
  /** The look-up box's label and input type. */
  field: { label: string; type: 'email' | 'text' };
  /** With nothing typed; when nothing matches; when the call failed. */
  texts: { empty: string; notFound: string; failed: string };
}

const USERS: LookupKind<AdminUser> = {
  find: findUserByEmail,
  field: { label: 'User e-mail', type: 'email' },
  texts: { empty: 'Please enter a user email', notFound: 'User not found', failed: 'Failed to find user' },
};

const WORKSPACES: LookupKind<AdminWorkspace> = {
  find: findWorkspaceBySlug,
  field: { label: 'Workspace slug', type: 'text' },
  texts: { empty: 'Please enter a workspace slug', notFound: 'Workspace not found', failed: 'Failed to find workspace' },
};

/**
 * The look-up of one subject that an admin tab starts from: a user by e-mail (the subscriptions
 * and user limits tabs, docs/admin.md#per-user-limits), or a team workspace by slug
 * (docs/admin.md#plans-and-limits-of-a-workspace). `message` is the tab's result line, shared
 * with its own actions.
 */
function useLookup<Found extends { id: number }>(kind: LookupKind<Found>) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // Counts look-ups that found something, the same subject again included.
  const [lookups, setLookups] = useState(0);

  /** Looks the typed text up; finding the subject already shown calls `reread` instead. */
  const lookUp = async (reread: () => Promise<unknown>) => {
    setMessage(null);
    if (!text.trim()) return setMessage(kind.texts.empty);
    setSearching(true);
    try {
      const match = await kind.find(text);
      if (!match) {
        setFound(null);
        setMessage(kind.texts.notFound);
      } else {
        if (match.id === found?.id) await reread();
        else setFound(match);
        setLookups((count) => count + 1);
      }
    } catch (error) {
      setMessage(errorText(error, kind.texts.failed));
    } finally {
      setSearching(false);
    }
  };

  return { field: kind.field, text, setText, found, searching, message, setMessage, lookups, lookUp };
}

export const useUserLookup = () => useLookup(USERS);
export const useWorkspaceLookup = () => useLookup(WORKSPACES);

interface LookupFormProps {
  lookup: Pick<ReturnType<typeof useUserLookup>, 'field' | 'text' | 'setText' | 'searching' | 'lookUp'>;
  /** The button's text: 'Get subscription', 'Get limits'. */
  submitLabel: string;
  searchingLabel?: string;
  /** Reads the shown subject's data again when it is looked up again. */
  reread(): Promise<unknown>;
}

/** The look-up box ("User e-mail", "Workspace slug") and its button. */
export function LookupForm({ lookup, submitLabel, searchingLabel = 'Looking up…', reread }: LookupFormProps) {
  const id = useId();
  return (
    <form
      className="admin__toolbar cluster cluster--bottom gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void lookup.lookUp(reread);
      }}
      noValidate
    >
      <div className="field admin__search">
        <label className="field__label" htmlFor={`${id}-text`}>
          {lookup.field.label}
        </label>
        <input
          id={`${id}-text`}
          className="input"
          type={lookup.field.type}
          autoComplete="off"
          value={lookup.text}
          onChange={(event) => lookup.setText(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={lookup.searching}>
        {lookup.searching ? searchingLabel : submitLabel}
      </button>
    </form>
  );
}
