// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts/workspace-permissions';
import { ApiError, api } from './client.ts';
import { chooseWorkspace, chosenWorkspaceId, forgetChosenWorkspace, parseWorkspaceId } from './chosen-workspace.ts';

/** The fetch the client makes, answering each call with the given status and body; the headers it sent are kept. */
function answering(status: number, body: unknown) {
  const sent: Headers[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

describe('the chosen workspace in every API call', () => {
  beforeEach(() => forgetChosenWorkspace());
  afterEach(() => vi.unstubAllGlobals());

  it('sends no X-Workspace-Id for the personal workspace, and the chosen id once one is chosen, kept in local storage', async () => {
    const sent = answering(200, { ok: true });
    await api('/urls');
    expect(sent[0]!.has('x-workspace-id')).toBe(false);

    await chooseWorkspace(12);
    expect(localStorage.getItem('workspace')).toBe('12');
    await api('/urls');
    expect(sent[1]!.get('x-workspace-id')).toBe('12');

    await chooseWorkspace(null);
    expect(localStorage.getItem('workspace')).toBeNull();
    await api('/urls');
    expect(sent[2]!.has('x-workspace-id')).toBe(false);
  });

  it('falls back to the personal workspace when the server says the chosen one is not among the caller’s', async () => {
    await chooseWorkspace(12);
    answering(404, { detail: WORKSPACE_NOT_FOUND });
    await expect(api('/urls')).rejects.toBeInstanceOf(ApiError);
    expect(chosenWorkspaceId()).toBeNull();
    expect(localStorage.getItem('workspace')).toBeNull();
  });

  it('keeps the choice on any other 404 (a link that is gone)', async () => {
    await chooseWorkspace(12);
    answering(404, { detail: 'URL not found' });
    await expect(api('/urls/5')).rejects.toBeInstanceOf(ApiError);
    expect(chosenWorkspaceId()).toBe(12);
  });

  it('reads a stored choice only when it is a workspace id', () => {
    expect(parseWorkspaceId('12')).toBe(12);
    for (const stored of [null, '', '0', '-3', '1.5', '12abc', ' 12', '99999999999999999']) expect(parseWorkspaceId(stored)).toBeNull();
  });
});
