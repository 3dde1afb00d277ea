import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AccountExportResponse, DeleteAccountRequest, DeleteAccountResponse, ErrorBody } from '@linkledger/contracts';
import { handleMultiStreamCommand } from '../commands/command-handler.ts';
import { forbidden, notFound } from '../commands/domain-error.ts';
import { normalizeEmail } from '../accounts/index.ts';
import { loginThrottle } from '../accounts/index.ts';
import { proveCurrentPassword } from '../settings/index.ts';
import { fileBody } from '../http/file-body.ts';
import { commandContext } from '../http/command-context.ts';
import { documentedAs } from '../http/feature-routes.ts';
import { AccountExports, type ExportJob } from './account-export.ts';
import { addressesOf } from './addresses-of.ts';
import { CONFIRMATION_MISMATCH, deleteAccountDecider } from './account-deletion-deciders.ts';
import { purgeOutbox } from './outbox-purge.ts';
import { releasePlaces } from '../domains/index.ts';
import { leaveEveryWorkspace } from '../workspaces/index.ts';
import { routesFor } from '../http/declared-routes.ts';

export const WRONG_PASSWORD_FOR_DELETION = 'That is not your current password, so the account was not deleted.';

export const ACCOUNT_DELETED_SUCCESSFULLY = 'Your account was deleted successfully. Everything that identified you is gone.';
const NO_EXPORT = 'You have no export yet. Start one with POST /api/settings/export.';

function exportView(job: ExportJob): AccountExportResponse {
  return {
    id: job.id,
    status: job.status,
    clicks_done: job.clicksDone,
    clicks_total: job.clicksTotal,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    expires_at: job.expiresAt,
    download_url: job.status === 'ready' ? `/api/settings/export/${job.id}/download` : null,
    error: job.error,
  };
}

/** "Your data" (export) and deleting the account (docs/privacy.md). */
export const privacyRoutes = documentedAs('privacy', async (app, platform) => {
  const signedIn = routesFor(app, { access: 'user' });

  const exports = new AccountExports({
    read: platform.read,
    analytics: platform.analytics,
    dataDir: platform.config.DATA_DIR,
    clock: platform.clock,
    log: app.log,
  });

  signedIn.post('/api/settings/export', {
    summary: 'Start gathering everything about your account into one zip (or answer the one already running)',
    response: { 202: AccountExportResponse },
    handler: async ({ reply, caller }) => reply.code(202).send(exportView(exports.start(caller.userId))),
  });

  signedIn.get('/api/settings/export', {
    summary: 'Your latest export and its progress',
    response: { 200: AccountExportResponse, 404: ErrorBody },
    handler: async ({ caller }) => {
      const job = exports.latest(caller.userId);
      if (!job) throw notFound(NO_EXPORT);
      return exportView(job);
    },
  });

  signedIn.get('/api/settings/export/:id/download', {
    summary: 'Download a finished export (zip)',
    params: z.object({ id: z.string().max(64) }),
    response: { 200: { description: 'The export as a zip', content: { 'application/zip': { schema: z.string() } } }, 404: ErrorBody },
    handler: async ({ request, reply, caller }) => {
      const job = exports.latest(caller.userId);
      if (!job || job.id !== request.params.id || job.status !== 'ready' || !job.file) throw notFound(NO_EXPORT);
      const day = job.finishedAt?.slice(0, 10) ?? 'export';
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="linkledger-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(fileBody(createReadStream(job.file)));
    },
  });

  signedIn.post('/api/settings/account/delete', {
    summary: 'Delete your account for good: personal data is made unreadable, links stop, counts stay',
    body: DeleteAccountRequest,
    response: { 200: DeleteAccountResponse, 403: ErrorBody, 409: ErrorBody },
    handler: async ({ request, caller }) => {
      // Wrong passwords count like failed sign-ins: a stolen session cannot guess its way to a deletion.
      const { user } = await proveCurrentPassword(
        platform,
        loginThrottle(platform),
        caller.userId,
        request.body.password,
        request.ip,
        forbidden(WRONG_PASSWORD_FOR_DELETION),
      );
      const confirmationMatches = normalizeEmail(request.body.confirm_email) === normalizeEmail(user.email);
      if (!confirmationMatches) throw forbidden(CONFIRMATION_MISMATCH);
      // Gathered while they can still be read: afterwards the log only holds them sealed.
      const addresses = await addressesOf(platform.events, caller.userId, user.email);
      const context = commandContext(platform, request);
      await leaveEveryWorkspace(platform, context, caller.userId);
      await releasePlaces(platform, context, caller.userId);
      await handleMultiStreamCommand(platform, context, deleteAccountDecider, {
        userId: caller.userId,
        email: user.email,
        confirmationMatches,
      });
      // The account is gone whatever happens next: a failed clean-up is logged, not answered as a failed deletion.
      try {
        exports.forgetUser(caller.userId);
        await purgeOutbox(join(platform.config.DATA_DIR, 'outbox'), addresses);
      } catch (error) {
        request.log.error({ err: error }, 'Cleaning up after an account deletion failed');
      }
      return { message: ACCOUNT_DELETED_SUCCESSFULLY };
    },
  });
});
