/** Anything shaped like an e-mail address (local part, @, a dotted domain). */
const EMAIL_ADDRESS = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** The text with every e-mail address replaced: logs travel further than the data directory (docs/privacy.md). */
export const maskEmailAddresses = (text: string) => text.replace(EMAIL_ADDRESS, '[e-mail]');

/** An error as logs may show it: its message and stack with addresses masked (a mail server's refusal often names the recipient). */
export function maskedError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? maskEmailAddresses(error) : error;
  const masked = new Error(maskEmailAddresses(error.message));
  masked.name = error.name;
  masked.stack = error.stack === undefined ? undefined : maskEmailAddresses(error.stack);
  return masked;
}

interface Log {
  info(message: string): void;
  error(error: unknown, message: string): void;
}

/** The same log, never writing an e-mail address. */
export function maskedLog(log: Log): Log {
  return {
    info: (message) => log.info(maskEmailAddresses(message)),
    error: (error, message) => log.error(maskedError(error), maskEmailAddresses(message)),
  };
}
