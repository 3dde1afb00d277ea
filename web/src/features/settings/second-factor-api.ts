import type { RecoveryCodesResponse, SecondFactorStatusResponse, StartSecondFactorResponse } from '@linkledger/contracts';
import { api } from '../../api/client.ts';

// The second factor's settings calls (docs/accounts.md#second-factor), typed from the contracts.

export const SECOND_FACTOR_QUERY = ['settings', 'second-factor'] as const;

export const secondFactorApi = {
  status: () => api<SecondFactorStatusResponse>('/settings/second-factor'),
  start: (currentPassword: string) =>
    api<StartSecondFactorResponse>('/settings/second-factor/start', { method: 'POST', body: { current_password: currentPassword } }),
  confirm: (code: string) => api<RecoveryCodesResponse>('/settings/second-factor/confirm', { method: 'POST', body: { code } }),
  newRecoveryCodes: (code: string) => api<RecoveryCodesResponse>('/settings/second-factor/recovery-codes', { method: 'POST', body: { code } }),
  disable: (currentPassword: string, code: string) =>
    api<{ message: string }>('/settings/second-factor/disable', { method: 'POST', body: { current_password: currentPassword, code } }),
};

/** The secret as an app's manual entry shows it: groups of four ("ABCD EFGH …"). */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
