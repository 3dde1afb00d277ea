import Razorpay from 'razorpay';

/** Razorpay's own address; RAZORPAY_API_URL replaces it (tests point it at a local server). */
export const RAZORPAY_DEFAULT_API_URL = 'https://api.razorpay.com';

/**
 * The official client hard-codes https://api.razorpay.com (razorpay@2.9: the constructor
 * builds `this.api = new API({ hostUrl: 'https://api.razorpay.com', … })` and takes no host
 * option) and sets no request timeout. Both live on the axios instance it keeps at
 * `client.api.rq`, which its typings do not declare, so we reach it through this one checked
 * door: if an upgrade moves it, construction fails loudly instead of calling production.
 */
interface AxiosDefaultsHolder {
  defaults: { baseURL?: string; timeout?: number };
}

function axiosInstanceOf(client: Razorpay): AxiosDefaultsHolder {
  const api: unknown = client.api;
  const rq: unknown = typeof api === 'object' && api !== null ? (api as { rq?: unknown }).rq : undefined;
  const defaults: unknown = typeof rq === 'object' || typeof rq === 'function' ? (rq as { defaults?: unknown } | null)?.defaults : undefined;
  if (typeof defaults !== 'object' || defaults === null) {
    throw new Error('The razorpay client no longer exposes api.rq.defaults; update razorpay-client.ts for this version.');
  }
  return rq as AxiosDefaultsHolder;
}

export function createRazorpayClient(options: { keyId: string; keySecret: string; apiUrl: string; timeoutMs: number }): Razorpay {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const rq = axiosInstanceOf(client);
  rq.defaults.baseURL = options.apiUrl.replace(/\/+$/, '');
  rq.defaults.timeout = options.timeoutMs;
  return client;
}
