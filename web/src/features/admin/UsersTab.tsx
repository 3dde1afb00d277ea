import './UsersTab.css';
import { useId, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { createdLabel } from '../../format/dates.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { AdminSearchBox } from './AdminSearchBox.tsx';
import { StatusMessage } from './StatusMessage.tsx';
import { BanConfirmation, PlanChangeConfirmation, planName } from './UserConfirmations.tsx';
import { adminApi, type AdminUser } from './admin-api.ts';
import { useDebouncedSearch } from './use-debounced-search.ts';
import { adminChanged, userListQuery } from './admin-queries.ts';
import type { TableColumn } from '../../ui/TableHead.tsx';
import { ListTable } from '../../ui/ListTable.tsx';

const USER_COLUMNS: readonly TableColumn[] = ['User', 'Role and status', 'Plan', { label: 'Actions', hidden: true }];

const PAGE_SIZES = [5, 10, 20, 50] as const;
const SEARCH_PAUSE_MS = 400;
const STATUS_TONE = { active: 'success', suspended: 'warning', banned: 'danger', deleted: 'info' } as const;
const PLANS = ['free', 'pro', 'enterprise'] as const;

/** An action waiting for the admin to confirm it in a dialog. */
type Pending = { kind: 'plan'; user: AdminUser; plan: string } | { kind: 'ban'; user: AdminUser };

/** Users: search by e-mail or plan, pages of 5/10/20/50, status, role and plan actions (docs/admin.md#users). */
export function UsersTab({ isSuperAdmin, selfId }: { isSuperAdmin: boolean; selfId: number }) {
  const id = useId();
  const searching = useDebouncedSearch(SEARCH_PAUSE_MS);
  const { search, page, setPage } = searching;
  const [pageSize, setPageSize] = useState<number>(10);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const query = { search: search || undefined, skip: (page - 1) * pageSize, limit: pageSize };
  const users = useQuery(userListQuery(query), () => adminApi.users(query));

  /** Runs an action on a user, says how it went, and reads the list again. */
  const act = async (action: () => Promise<{ message: string }>, fallback: string) => {
    try {
      setMessage((await action()).message);
      await adminChanged();
    } catch (error) {
      setMessage(errorText(error, fallback));
    }
  };

  return (
    <div className="admin__section">
      <div className="admin__toolbar cluster cluster--bottom gap-3">
        <AdminSearchBox id={`${id}-search`} label="Search by e-mail or plan" placeholder="ada@example.com, pro …" search={searching} />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-size`}>
            Per page
          </label>
          <select
            id={`${id}-size`}
            className="select"
            value={pageSize}
            onChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(1);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      <StatusMessage text={message} />
      {/* One state at a time: the failure, the wait, or the list. */}
      {users.data ? (
        <p className="admin__count" aria-live="polite">
          {`${users.data.total} ${users.data.total === 1 ? 'user' : 'users'}`}
        </p>
      ) : users.error !== undefined ? (
        <StatusMessage text={errorText(users.error, 'Failed to fetch users')} />
      ) : (
        <p className="admin__count" aria-live="polite">
          Loading users…
        </p>
      )}
      {users.data ? (
        <ListTable
          className="table admin__table admin-users__table"
          wrapClassName="table-wrap admin-users"
          caption={`Users, page ${page}`}
          columns={USER_COLUMNS}
        >
          {users.data.users.map((user) => (
            <UserRow key={user.id} user={user} isSuperAdmin={isSuperAdmin} isSelf={user.id === selfId} act={act} ask={setPending} />
          ))}
        </ListTable>
      ) : null}
      {users.data ? <Pagination page={page} total={users.data.total} pageSize={pageSize} onPage={setPage} label="Pages of users" /> : null}
      {pending?.kind === 'plan' ? (
        <PlanChangeConfirmation
          user={pending.user}
          plan={pending.plan}
          onConfirm={() => act(() => adminApi.changePlan(pending.user.id, pending.plan), 'Failed to change user plan')}
          onClose={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === 'ban' ? (
        <BanConfirmation
          user={pending.user}
          onConfirm={() => act(() => adminApi.setStatus(pending.user.id, 'ban'), 'Failed to perform action')}
          onClose={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}

interface UserRowProps {
  user: AdminUser;
  isSuperAdmin: boolean;
  isSelf: boolean;
  act(action: () => Promise<{ message: string }>, fallback: string): Promise<void>;
  /** Opens the confirmation of an action that costs the user something. */
  ask(pending: Pending): void;
}

function UserRow({ user, isSuperAdmin, isSelf, act, ask }: UserRowProps) {
  // Admins act on ordinary users; the super admin on admins too; nobody on a deleted account (docs/admin.md#who-acts-on-whom).
  const outOfReach = user.status === 'deleted' || (!isSelf && (user.role === 'super_admin' || (user.role === 'admin' && !isSuperAdmin)));
  const protectedUser = isSelf || outOfReach;
  const name = user.full_name || user.username;
  return (
    <tr data-user={user.email}>
      <td className="admin-users__who">
        <span className="admin__user-name">{name}</span>
        <span className="admin__user-email">{user.email}</span>
        <span className="admin__user-id">
          {user.customer_id} · Joined {createdLabel(user.created_at)}
        </span>
      </td>
      <td data-label="Role and status">
        <div className="stack stack--start gap-1 admin-users__access">
          <span>{user.role === 'super_admin' ? 'Super Admin' : user.role === 'admin' ? 'Admin' : 'User'}</span>
          <span className={`badge badge--${STATUS_TONE[user.status]}`}>{user.status}</span>
        </div>
      </td>
      <td data-label="Plan">
        <select
          className="select admin-users__plan"
          aria-label={`Plan of ${user.email}`}
          value={user.plan_type}
          disabled={outOfReach}
          onChange={(event) => ask({ kind: 'plan', user, plan: event.target.value })}
        >
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {planName(plan)}
            </option>
          ))}
        </select>
      </td>
      <td className="admin-users__actions">
        <div className="admin__actions cluster cluster--end" role="group" aria-label={`Actions for ${user.email}`}>
          {protectedUser ? null : user.status === 'active' ? (
            <>
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => void act(() => adminApi.setStatus(user.id, 'suspend'), 'Failed to perform action')}
              >
                Suspend
              </button>
              <button type="button" className="button button--danger button--sm" onClick={() => ask({ kind: 'ban', user })}>
                Ban
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--primary button--sm"
              onClick={() => void act(() => adminApi.setStatus(user.id, 'activate'), 'Failed to perform action')}
            >
              Activate
            </button>
          )}
          {isSuperAdmin && !isSelf && user.role !== 'super_admin' && user.status !== 'deleted' ? (
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void act(() => adminApi.setRole(user.id, user.role === 'admin' ? 'user' : 'admin'), 'Failed to perform action')}
            >
              {user.role === 'admin' ? 'Remove admin' : 'Make admin'}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
