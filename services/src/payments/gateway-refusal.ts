import { invalid, notFound, unavailable } from '../commands/domain-error.ts';
import { PaymentGatewayError } from './payment-gateway-error.ts';

/**
 * What a gateway failure means to the person paying (the HTTP mapping stays in one place:
 * http/http-errors.ts). A refusal of our own keys or an unreadable answer is the operator's
 * to fix, so it is also logged; nothing the gateway said about its keys reaches the user.
 */
export async function throughGateway<T>(call: () => Promise<T>, log: (error: unknown, message: string) => void): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusalOf(error, log);
  }
}

export function refusalOf(error: unknown, log: (error: unknown, message: string) => void): unknown {
  if (!(error instanceof PaymentGatewayError)) return error;
  switch (error.kind) {
    case 'invalid-request':
      return invalid(error.message);
    case 'not-found':
      return notFound(`The payment gateway does not know this payment or order. ${error.message}`);
    case 'unavailable':
      return unavailable('The payment gateway cannot be reached at the moment. Nothing was charged twice; please try again in a minute.', {
        retryAfterMs: 30_000,
        cause: error,
      });
    default:
      log(error, `Payment gateway ${error.kind} failure`);
      return unavailable(
        'Payments are not working on this installation right now; an administrator has to check its payment settings. Please try again later.',
        { cause: error },
      );
  }
}
