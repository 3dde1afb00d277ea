import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Caller } from './access.ts';
import { commandContext, visitorContext } from './command-context.ts';

const now = new Date('2026-03-01T10:00:00.000Z');
const clock = { clock: () => now };
const requestOn = (url: string, caller: Caller | null) => ({ id: 'request-1', url, routeOptions: { url }, caller }) as unknown as FastifyRequest;

describe('the context of a route’s command', () => {
  it('records a command as the caller who sent it: the API key when they called with one, not the key’s owner', () => {
    const request = requestOn('/api/urls/api', { userId: 7, role: 'user', actor: { kind: 'api_key', id: 'key-7' } });
    expect(commandContext(clock, request)).toMatchObject({ actor: { kind: 'api_key', id: 'key-7' }, correlationId: 'request-1', route: '/api/urls/api', now });
  });

  it('records a signed-in user’s command as that user', () => {
    const request = requestOn('/api/urls', { userId: 7, role: 'user', actor: { kind: 'user', id: '7' } });
    expect(commandContext(clock, request).actor).toEqual({ kind: 'user', id: '7' });
  });

  it('has no caller on a route anyone may call: such a command is a visitor’s', () => {
    const request = requestOn('/api/register', null);
    expect(() => commandContext(clock, request)).toThrow(/declares access: 'anyone'/);
    expect(visitorContext(clock, request)).toMatchObject({
      actor: { kind: 'visitor', id: 'anonymous' },
      correlationId: 'request-1',
      route: '/api/register',
      now,
    });
  });
});
