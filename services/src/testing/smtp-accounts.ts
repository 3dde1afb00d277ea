import { expect } from 'vitest';
import { linkIn } from './outbox.ts';
import { signIn, signUp, type Session, type TestApp } from './test-app.ts';

/** Registers through the verification link mailed to a real SMTP server, as the owner of the address would, and signs in. */
export async function registeredOverSmtp(t: Pick<TestApp, 'app'>, received: readonly { to: string[]; body: string }[], email: string): Promise<Session> {
  const { user } = await signUp(t.app, email);
  const mail = received.find((message) => message.to.includes(email) && message.body.includes('/verify-email'));
  const token = linkIn(mail!.body, 'verify-email').searchParams.get('token');
  expect((await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } })).statusCode).toBe(200);
  return { user, ...(await signIn(t.app, email)) };
}
