import { isDeepStrictEqual } from 'node:util';
import { StoredLinkControls } from '@linkledger/contracts';
import type { LinkState } from './link-state.ts';
import type { CurrentSchedule } from './link-control-checks.ts';

type Controls = LinkState['controls'];
type ControlField = keyof StoredLinkControls;

const CONTROL_FIELDS = Object.keys(StoredLinkControls.shape) as ControlField[];

const iso = (epochMs: number | null | undefined) => (epochMs == null ? null : new Date(epochMs).toISOString());

/** The link's schedule as ISO instants, what an edit's checks compare against. */
export function currentSchedule(controls: Controls): CurrentSchedule {
  return { starts_at: iso(controls?.startsAt), expires_at: iso(controls?.expiresAt) };
}

/** Every control the link has, as events hold them (unset ones as null or []). */
export function storedControls(controls: Controls): Required<StoredLinkControls> {
  return {
    ...currentSchedule(controls),
    max_clicks: controls?.maxClicks ?? null,
    expired_url: controls?.expiredUrl ?? null,
    password_hash: controls?.passwordHash ?? null,
    rules: [...(controls?.rules ?? [])],
    variants: [...(controls?.variants ?? [])],
    og: controls?.og ?? null,
  };
}

/**
 * Of the controls an edit gives, those that differ from the link's, so `LinkUpdated` holds
 * only real changes. A new password always counts as a change: its hash is salted afresh,
 * and a visitor's cookie from the old password must stop working.
 */
export function changedControls(requested: StoredLinkControls, controls: Controls): StoredLinkControls {
  const current = storedControls(controls);
  const changed: StoredLinkControls = {};
  for (const field of CONTROL_FIELDS) {
    const value = requested[field];
    if (value === undefined) continue;
    const differs = field === 'password_hash' ? value !== null || current.password_hash !== null : !isDeepStrictEqual(value, current[field]);
    if (differs) Object.assign(changed, { [field]: value });
  }
  return changed;
}
