import type { FastifyInstance } from 'fastify';
import {
  EmailConfigAnswer,
  EmailConfigBody,
  EmailConfigView,
  EmailStats,
  ErrorBody,
  TestEmailAnswer,
  TestEmailBody,
  type DomainEvent,
  type EmailSettings,
} from '@linkledger/contracts';
import { testMail } from '../accounts/index.ts';
import { decryptSecret, encryptSecret, maskSecret } from '../platform/secret-box.ts';
import { NO_READ_MODEL } from '../commands/command-handler.ts';
import { invalid, unavailable } from '../commands/domain-error.ts';
import { trustedOrigin } from '../http/origins.ts';
import { commandContext } from '../http/command-context.ts';
import { emailSettingsDecider } from '../mail/email-settings-deciders.ts';
import { EMAIL_SECRET_PURPOSE, chosenTransport, loadEmailSettings } from '../mail/email-settings.ts';
import type { Platform } from '../platform/platform.ts';
import { emailStatistics } from '../mail/email-statistics.ts';
import { describeChanges, handleTellingSuperAdmin, type FieldLabels } from './settings-announcement.ts';
import { routesFor } from '../http/declared-routes.ts';

const ADMINS_CONFIGURE_EMAIL = 'Only an admin or super admin can configure e-mail.';
const admin = { access: 'admin', refusal: ADMINS_CONFIGURE_EMAIL } as const;
const errors = { 400: ErrorBody, 503: ErrorBody };

/** How the settings' fields are named in the super admin's notice of a change (as on the E-mail tab). */
const EMAIL_FIELDS: FieldLabels<EmailSettings> = {
  sendgrid_api_key_encrypted: { label: 'SendGrid API key', secret: true },
  sendgrid_from_email: { label: 'SendGrid from e-mail' },
  sendgrid_from_name: { label: 'SendGrid from name' },
  smtp_server: { label: 'SMTP server' },
  smtp_port: { label: 'SMTP port' },
  smtp_username: { label: 'SMTP username' },
  smtp_password_encrypted: { label: 'SMTP password', secret: true },
  from_email: { label: 'From e-mail' },
  frontend_url: { label: 'Frontend URL' },
};

function httpOrigin(value: string): string {
  if (!value) return '';
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Refused below.
  }
  throw invalid(`Frontend URL must be an http(s) address such as https://links.example.com (got "${value}")`);
}

/** How the installation sends e-mail, for admins (docs/admin.md#e-mail): settings, a real test message, statistics. */
export async function adminEmailRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  const reveal = (encrypted: string) => (encrypted ? maskSecret(decryptSecret(platform.secret, EMAIL_SECRET_PURPOSE, encrypted)) : '');

  const view = async (): Promise<typeof EmailConfigView._output> => {
    const { settings, at } = await loadEmailSettings(platform.events);
    const { sendgrid_api_key_encrypted, smtp_password_encrypted, ...plain } = settings;
    return {
      ...plain,
      transport: chosenTransport(settings) ?? platform.mailer.adapter,
      sendgrid_api_key: reveal(sendgrid_api_key_encrypted),
      smtp_password: reveal(smtp_password_encrypted),
      updated_at: at,
    };
  };

  admins.get('/api/admin/email-config', { summary: 'How e-mail is sent (secrets masked)', response: { 200: EmailConfigView, ...errors }, handler: view });

  admins.post('/api/admin/email-config', {
    summary: 'Set how e-mail is sent: SendGrid with an API key, else SMTP with a server, else the outbox; applies to the next message',
    body: EmailConfigBody,
    response: { 200: EmailConfigAnswer, ...errors },
    handler: async ({ request, caller }) => {
      const body = request.body;
      const { settings: stored } = await loadEmailSettings(platform.events);
      const keep = (sent: string, storedValue: string) => (sent ? encryptSecret(platform.secret, EMAIL_SECRET_PURPOSE, sent) : storedValue);
      const settings: EmailSettings = {
        sendgrid_api_key_encrypted: body.clear_sendgrid_api_key ? '' : keep(body.sendgrid_api_key, stored.sendgrid_api_key_encrypted),
        sendgrid_from_email: body.sendgrid_from_email,
        sendgrid_from_name: body.sendgrid_from_name,
        frontend_url: httpOrigin(body.frontend_url),
        smtp_server: body.smtp_server,
        smtp_port: body.smtp_port,
        smtp_username: body.smtp_username,
        smtp_password_encrypted: keep(body.smtp_password, stored.smtp_password_encrypted),
        from_email: body.from_email,
      };
      if (settings.sendgrid_api_key_encrypted && !settings.sendgrid_from_email) throw invalid('SendGrid from e-mail is required with a SendGrid API key');
      if (!settings.sendgrid_api_key_encrypted && settings.smtp_server && !settings.from_email) throw invalid('From e-mail is required with an SMTP server');
      const context = commandContext(platform, request);
      const describe = (decided: DomainEvent[], before: EmailSettings) => ({
        setting: 'the e-mail settings',
        lines: decided.length > 0 ? describeChanges(before, settings, EMAIL_FIELDS) : [],
      });
      await handleTellingSuperAdmin(
        { ...platform, ...NO_READ_MODEL, config: platform.config },
        context,
        caller.userId,
        emailSettingsDecider,
        settings,
        describe,
        (error) => request.log.error({ err: error }, 'The super admin could not be told of an e-mail settings change now; the mail sender tries it again'),
      );
      return { message: 'Email configuration saved successfully', config: await view() };
    },
  });

  admins.post('/api/admin/test-email', {
    summary: 'Send a test message through the transport in force, for real',
    body: TestEmailBody,
    response: { 200: TestEmailAnswer, ...errors },
    handler: async ({ request }) => {
      const { settings } = await loadEmailSettings(platform.events);
      const appUrl = settings.frontend_url || trustedOrigin(platform.config, request) || '/';
      const transport = chosenTransport(settings) ?? platform.mailer.adapter;
      const names = { outbox: 'the outbox folder', sendgrid: 'SendGrid', smtp: `SMTP (${settings.smtp_server}:${settings.smtp_port})` };
      try {
        await platform.mailer.send(testMail(request.body.test_email, names[transport], appUrl));
      } catch (error) {
        request.log.error({ err: error }, 'Test e-mail failed');
        throw unavailable(`The test e-mail could not be sent through ${names[transport]}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const note =
        transport === 'outbox'
          ? 'No mail transport is configured, so the message was saved in the outbox folder of the data directory instead of being sent.'
          : `It was handed to ${names[transport]}; check the inbox (and the spam folder) of ${request.body.test_email}.`;
      return { message: 'Test email sent successfully', note };
    },
  });

  admins.get('/api/admin/email-stats', {
    summary: 'This month’s e-mail deliveries and failures, by purpose, and how many users have verified their address',
    response: { 200: EmailStats, ...errors },
    handler: async () => emailStatistics(platform),
  });
}
