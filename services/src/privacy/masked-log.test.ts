import { describe, expect, it } from 'vitest';
import { maskEmailAddresses, maskedError, maskedLog } from './masked-log.ts';

describe('logs never write an e-mail address', () => {
  it('masks addresses in text, whatever their letters, and leaves everything else', () => {
    expect(maskEmailAddresses('550 5.1.1 <Ada.Lovelace+links@Example.co.uk>: Recipient address rejected')).toBe(
      '550 5.1.1 <[e-mail]>: Recipient address rejected',
    );
    expect(maskEmailAddresses("mail for josé@exämple.in and o'brien@mail.example.com")).toBe('mail for [e-mail] and [e-mail]');
    expect(maskEmailAddresses('GET /api/urls?page=2 took 3 ms @ 10:00')).toBe('GET /api/urls?page=2 took 3 ms @ 10:00');
  });

  it('masks an error’s message and stack, and what a log is given', () => {
    const error = maskedError(new TypeError('cannot reach ada@example.com')) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('TypeError');
    expect(error.message).toBe('cannot reach [e-mail]');
    expect(error.stack).not.toContain('ada@example.com');
    const lines: string[] = [];
    const log = maskedLog({
      info: (message) => lines.push(message),
      error: (failure, message) => lines.push(`${message} ${String((failure as Error).message)}`),
    });
    log.info('Mail "Welcome" for bob@example.com saved');
    log.error(new Error('refused bob@example.com'), 'Sending to bob@example.com failed');
    expect(lines.join('\n')).not.toContain('bob@example.com');
    expect(lines).toEqual(['Mail "Welcome" for [e-mail] saved', 'Sending to [e-mail] failed refused [e-mail]']);
  });
});
