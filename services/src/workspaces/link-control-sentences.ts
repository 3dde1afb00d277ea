import type { StoredLinkControls } from '@linkledger/contracts';
import { dayLabel } from '../formats/day-label.ts';

/**
 * What an edit did to a link's smart controls, as clauses of the activity sentence
 * (docs/workspaces.md#activity): which control was set, changed or removed. The password is
 * only ever "set", "changed" or "removed" — its hash never comes out; rules, split and card
 * are counted, not repeated (their addresses are in the link's own history).
 */
export function controlClauses(changes: StoredLinkControls, hadPassword: boolean): string[] {
  const clauses: string[] = [];
  const timed = (what: string, iso: string | null | undefined) => {
    if (iso === undefined) return;
    clauses.push(iso === null ? `removed the ${what}` : `set the ${what} to ${dayLabel(iso)}`);
  };
  timed('start date', changes.starts_at);
  timed('expiry date', changes.expires_at);
  if (changes.max_clicks !== undefined) clauses.push(changes.max_clicks === null ? 'removed the click limit' : `set a limit of ${changes.max_clicks} clicks`);
  if (changes.expired_url !== undefined)
    clauses.push(changes.expired_url === null ? 'removed the address for expired visits' : 'set an address for expired visits');
  if (changes.password_hash !== undefined) {
    clauses.push(changes.password_hash === null ? 'removed the password' : hadPassword ? 'changed the password' : 'set a password');
  }
  if (changes.rules !== undefined) {
    const count = changes.rules.length;
    clauses.push(count === 0 ? 'removed the targeting rules' : `set ${count} targeting ${count === 1 ? 'rule' : 'rules'}`);
  }
  if (changes.variants !== undefined) {
    clauses.push(changes.variants.length === 0 ? 'removed the A/B split' : `set an A/B split ${changes.variants.map((variant) => variant.weight).join('/')}`);
  }
  if (changes.og !== undefined) clauses.push(changes.og === null ? 'removed the social card' : 'set the social card');
  return clauses;
}
