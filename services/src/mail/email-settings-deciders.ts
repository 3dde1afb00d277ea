import type { EmailSettings } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { EMAIL_SETTINGS_STREAM, evolveEmailSettings, noEmailSettings } from './email-settings.ts';

/** The settings replace the previous ones whole; the same settings again record nothing. */
export const emailSettingsDecider: Decider<EmailSettings, EmailSettings> = {
  streamOf: () => EMAIL_SETTINGS_STREAM,
  initialState: noEmailSettings,
  evolve: evolveEmailSettings,
  decide: (settings, state) => (JSON.stringify(settings) === JSON.stringify(state) ? [] : [{ type: 'EmailSettingsConfigured', data: settings }]),
};
