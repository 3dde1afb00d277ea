import { useId, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { findUserByEmail } from './find-user.ts';

interface FoundUser {
  id: number;
  email: string;
}

/**
 * The look-up of one user by e-mail that the subscriptions and user limits tabs start from
 * (docs/admin.md#per-user-limits). `message` is the tab's result line, shared with its own actions.
 */
export function useUserLookup() {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<FoundUser | null>(null);
  const [searching, setSearching] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // Counts look-ups that found someone, the same user again included.
  const [lookups, setLookups] = useState(0);

  /** Looks the typed address up; finding the user already shown calls `reread` instead. */
  const lookUp = async (reread: () => Promise<unknown>) => {
    setMessage(null);
    if (!email.trim()) return setMessage('Please enter a user email');
    setSearching(true);
    try {
      const user = await findUserByEmail(email);
      if (!user) {
        setFound(null);
        setMessage('User not found');
      } else {
        if (user.id === found?.id) await reread();
        else setFound({ id: user.id, email: user.email });
        setLookups((count) => count + 1);
      }
    } catch (error) {
      setMessage(errorText(error, 'Failed to find user'));
    } finally {
      setSearching(false);
    }
  };

  return { email, setEmail, found, searching, message, setMessage, lookups, lookUp };
}

export type UserLookup = ReturnType<typeof useUserLookup>;

interface UserLookupFormProps {
  lookup: UserLookup;
  /** The button's text: 'Get subscription', 'Get limits'. */
  submitLabel: string;
  searchingLabel?: string;
  /** Reads the shown user's data again when they are looked up again. */
  reread(): Promise<unknown>;
}

/** The "User e-mail" box and its button. */
export function UserLookupForm({ lookup, submitLabel, searchingLabel = 'Looking up…', reread }: UserLookupFormProps) {
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
        <label className="field__label" htmlFor={`${id}-email`}>
          User e-mail
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="off"
          value={lookup.email}
          onChange={(event) => lookup.setEmail(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={lookup.searching}>
        {lookup.searching ? searchingLabel : submitLabel}
      </button>
    </form>
  );
}
