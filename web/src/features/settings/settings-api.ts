import type { z } from 'zod';
import type { ActiveSession, ChangeEmailResponse, ChangePasswordResponse, ProfileResponse, RevokeOthersResponse } from '@linkledger/contracts';
import { api } from '../../api/client.ts';

// The settings calls (docs/accounts.md), typed from the contracts; type-only imports keep zod out of the bundle.

export type Profile = ProfileResponse;
export type Session = ActiveSession;

interface ProfileChanges {
  username: string;
  full_name: string;
  phone: string;
}

export const settingsApi = {
  profile: () => api<Profile>('/settings/profile'),
  saveProfile: (changes: ProfileChanges) => api<Profile & { message: string }>('/settings/profile', { method: 'PUT', body: changes }),
  changeEmail: (newEmail: string, currentPassword: string) =>
    api<z.infer<typeof ChangeEmailResponse>>('/settings/email', { method: 'POST', body: { new_email: newEmail, current_password: currentPassword } }),
  confirmEmailChange: (token: string) => api<{ message: string }>('/settings/email/confirm', { method: 'POST', body: { token } }),
  changePassword: (currentPassword: string, newPassword: string, revokeApiKeys: boolean) =>
    api<z.infer<typeof ChangePasswordResponse>>('/settings/password', {
      method: 'POST',
      body: { current_password: currentPassword, new_password: newPassword, revoke_api_keys: revokeApiKeys },
    }),
  sessions: () => api<{ sessions: Session[] }>('/settings/sessions'),
  signOutSession: (jti: string) => api<{ message: string }>(`/settings/sessions/${encodeURIComponent(jti)}`, { method: 'DELETE' }),
  signOutOthers: () => api<z.infer<typeof RevokeOthersResponse>>('/settings/sessions/revoke-others', { method: 'POST' }),
  /** The payments feature's cancel call (POST /api/payment/subscription/cancel). */
  cancelSubscription: (subscriptionId: number) =>
    api<{ message: string }>('/payment/subscription/cancel', { method: 'POST', body: { subscription_id: subscriptionId } }),
};

export const PROFILE_QUERY = ['settings', 'profile'] as const;
export const SESSIONS_QUERY = ['settings', 'sessions'] as const;
