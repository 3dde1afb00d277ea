import { z } from 'zod';
import { CONTROL_CHARACTERS, DESTINATION_MAX_LENGTH, DESTINATION_MESSAGES, normalizeWebAddress } from '../destination.ts';

const URL_MAX_LENGTH = DESTINATION_MAX_LENGTH;

/**
 * Only web destinations (javascript:, data:, ftp:, … are refused), stored in their WHATWG
 * serialization: punycode hosts, non-ASCII percent-encoded (see destination.ts). Line breaks
 * and other control characters are refused rather than silently dropped by the parser.
 */
export const Destination = z
  .string({ message: DESTINATION_MESSAGES.required })
  .trim()
  .min(1, DESTINATION_MESSAGES.required)
  .max(URL_MAX_LENGTH, DESTINATION_MESSAGES.tooLong)
  .refine((value) => !CONTROL_CHARACTERS.test(value), DESTINATION_MESSAGES.controlCharacters)
  .transform((value, context) => {
    const href = normalizeWebAddress(value);
    if (href === null) {
      context.addIssue({ code: 'custom', message: DESTINATION_MESSAGES.notWeb });
      return z.NEVER;
    }
    if (href.length > URL_MAX_LENGTH) {
      context.addIssue({ code: 'custom', message: DESTINATION_MESSAGES.tooLongEncoded });
      return z.NEVER;
    }
    return href;
  });
