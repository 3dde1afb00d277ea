import type { FastifyReply, FastifyRequest } from 'fastify';
import { headerSafeDestination } from '@linkledger/contracts';
import { SURVEYS, type SurveyView } from '@linkledger/projections';
import { currentPlan } from '../billing/index.ts';
import { handleMultiStreamCommand } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { escapeHtml } from '../formats/html-text.ts';
import { visitorContext } from '../http/command-context.ts';
import { clientAddress, proxyTrust } from '../http/proxies.ts';
import type { Platform } from '../platform/platform.ts';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';
import { DailySalts, VisitorHasher, userAgentOf, visitorSaltsFolder } from '../redirect/index.ts';
import { addressKey } from '../throttling/rate-limit.ts';
import { WindowCounter } from '../throttling/window-counter.ts';
import { whenAgain } from '../accounts/index.ts';
import { checkAnswers, type SubmittedAnswers } from './survey-answers.ts';
import { respondDecider, SURVEY_CLOSED } from './survey-deciders.ts';
import { HONEYPOT_FIELD, surveyForm, surveyPage } from './survey-html.ts';

/** What the public page dispatcher hands a survey (public-pages/public-page-dispatch.ts `PublicPageVisit`). */
interface SurveyVisit {
  request: FastifyRequest;
  reply: FastifyReply;
  pageId: number;
  workspaceId: number;
  brand: VisitorBrand | null;
}

/** How many forms one network may send to one survey in a window, answered or not (docs/pages.md#surveys). */
export const SUBMISSIONS_PER_ADDRESS = 10;
const SUBMISSION_WINDOW_MS = 60 * 60_000;

/** Each platform's submission counter and visitor hasher, made at its first survey visit. */
const visitorsOf = new WeakMap<Platform, { submissions: WindowCounter; hasher: VisitorHasher }>();
function visitors(platform: Platform) {
  let held = visitorsOf.get(platform);
  if (!held) {
    held = {
      submissions: new WindowCounter(SUBMISSIONS_PER_ADDRESS, SUBMISSION_WINDOW_MS, platform.monotonic),
      hasher: new VisitorHasher(new DailySalts(visitorSaltsFolder(platform.config.DATA_DIR))),
    };
    visitorsOf.set(platform, held);
  }
  return held;
}

const send = (visit: SurveyVisit, status: number, title: string, body: string, extra: Record<string, string> = {}) => {
  const page = surveyPage(title, body, visit.brand);
  return visit.reply
    .code(status)
    .headers({ ...page.headers, ...extra })
    .type('text/html; charset=utf-8')
    .send(page.html);
};

const textBody = (heading: string, text: string) => `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>`;

/** The form's fields as the form body parser gives them (one value, or several for checkboxes); anything else holds none. */
function answersIn(body: unknown): SubmittedAnswers {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).filter(
      (entry): entry is [string, string | string[]] =>
        typeof entry[1] === 'string' || (Array.isArray(entry[1]) && entry[1].every((v) => typeof v === 'string')),
    ),
  );
}

/** The survey, when it is open (active, and its workspace's plan has surveys); else whether it is gone or closed. */
async function openSurvey(platform: Platform, visit: SurveyVisit): Promise<SurveyView | 'gone' | 'closed'> {
  const view = await platform.read.get<SurveyView>(SURVEYS, visit.pageId);
  if (!view || view.workspace_id !== visit.workspaceId) return 'gone';
  const { plan } = await currentPlan(platform, view.workspace_id);
  return view.is_active && plan.features.includes('surveys') ? view : 'closed';
}

/**
 * A survey's public form at its short code (docs/pages.md#surveys): GET shows it, server-side
 * HTML without script; POST checks the answers, shows the form again with a note by each
 * answer that needs one (what was sent kept), or records the response and thanks the
 * visitor or sends them on (303) to the survey's redirect address. A network sends at most
 * SUBMISSIONS_PER_ADDRESS forms an hour to a survey; a form with the hidden field filled is
 * thanked and not recorded.
 */
export async function serveSurvey(platform: Platform, visit: SurveyVisit): Promise<void> {
  const survey = await openSurvey(platform, visit);
  if (survey === 'gone') {
    await send(visit, 404, 'Survey not found', textBody('Survey not found', 'This survey does not exist, or it was deleted.'));
    return;
  }
  if (survey === 'closed') {
    await send(visit, 410, 'Survey closed', textBody('This survey is closed', SURVEY_CLOSED));
    return;
  }
  if (visit.request.method !== 'POST') {
    await send(visit, 200, survey.title, surveyForm(survey));
    return;
  }
  const { submissions, hasher } = visitors(platform);
  // The visitor as a click or a page view knows them: one address and one user agent for hashing and for the limit.
  const address = clientAddress(visit.request.raw, proxyTrust(platform.config));
  const network = `${survey.id}:${addressKey(address)}`;
  const wait = submissions.waitFor(network);
  if (wait > 0) {
    const text = `Too many answers were sent from your network. Please try again ${whenAgain(wait)}.`;
    await send(visit, 429, 'Too many answers', textBody('Too many answers', text), { 'retry-after': String(Math.ceil(wait / 1000)) });
    return;
  }
  submissions.add(network);
  const sent = answersIn(visit.request.body);
  const thanks = () => send(visit, 200, 'Thank you', textBody('Thank you!', 'Your answers were recorded.'));
  if (sent[HONEYPOT_FIELD]?.length) {
    await thanks();
    return;
  }
  const checked = checkAnswers(survey.questions, sent);
  if (!checked.ok) {
    await send(visit, 400, survey.title, surveyForm(survey, sent, checked.errors));
    return;
  }
  const context = visitorContext(platform, visit.request);
  const visitorHash = hasher.hash(address, userAgentOf(visit.request.headers), context.now);
  try {
    await handleMultiStreamCommand(platform, context, respondDecider, { surveyId: survey.id, workspaceId: survey.workspace_id, visitorHash, answers: sent });
  } catch (error) {
    // Closed or edited in the moment between reading it and recording: the visitor is told, nothing is recorded.
    if (!(error instanceof DomainError)) throw error;
    await send(visit, 409, 'Survey changed', textBody('This survey just changed', `${error.message} Please open the form again.`));
    return;
  }
  if (survey.redirect_url) {
    await visit.reply.code(303).header('location', headerSafeDestination(survey.redirect_url)).header('cache-control', 'no-store').send();
    return;
  }
  await thanks();
}
