import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { givePlan } from '../testing/plans.ts';
import { SUBMISSIONS_PER_ADDRESS } from './survey-page.ts';
import { SURVEYS_NOT_IN_PLAN } from './survey-routes.ts';

const PASSWORD = 'correct horse';
// Distinctive enough that finding its bytes in a file means it was kept in plain text.
const SECRET_ANSWER = 'Quokka lantern marmalade 7741';

let t: TestApp;
let owner: Session;
let now = new Date('2026-11-20T10:00:00Z');
const dataDir = mkdtempSync(join(tmpdir(), 'll-surveys-'));

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now, dataDir });
  owner = await signUp(t.app, 'owner@example.com', PASSWORD);
  await givePlan(t.platform, owner.user.id, 'enterprise');
});
afterAll(async () => t.close());

const surveysUrl = (workspaceId = owner.user.id) => `/api/workspaces/${workspaceId}/surveys`;
const QUESTIONS = [
  { type: 'short_text', label: 'What should we build next?', required: true },
  { type: 'single_choice', label: 'How did you find us?', options: ['Search', 'A friend', 'Other'], required: true },
  { type: 'multiple_choice', label: 'Which apps do you use?', options: ['Web', 'Android', 'iOS'] },
  { type: 'rating', label: 'How happy are you?', required: true },
];

type Question = { id: string; label: string };

async function createSurvey(slug: string, extra: object = {}, who: Session = owner) {
  const created = await post(t.app, surveysUrl(who.user.id), who.headers, { slug, title: 'Product survey', questions: QUESTIONS, ...extra });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number; url: string; questions: Question[] }>();
}

/** Posts the public form as a browser does (form-encoded; repeated fields for checkboxes), from an address. */
const submit = (slug: string, fields: [string, string][], ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: `/${slug}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0' },
    payload: new URLSearchParams(fields).toString(),
  });

const results = (surveyId: number, query = '') => t.app.inject({ method: 'GET', url: `${surveysUrl()}/${surveyId}/results${query}`, headers: owner.headers });

/** Every file under a folder, recursively. */
const filesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => (statSync(join(folder, name)).isDirectory() ? filesUnder(join(folder, name)) : [join(folder, name)]));

describe('surveys: build, answer at a short code, read the results (docs/pages.md#surveys)', () => {
  it('round trip: the form is server-side HTML, answers are recorded, results count them, the CSV lists them', async () => {
    const survey = await createSurvey('feedback', { description: 'Two minutes, promise.' });
    const [text, single, multiple, rating] = survey.questions.map((question) => question.id) as [string, string, string, string];
    expect(survey.url).toMatch(/\/feedback$/);

    const form = await t.app.inject({ method: 'GET', url: '/feedback' });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/text\/html/);
    expect(form.headers['content-security-policy']).toContain("default-src 'none'");
    expect(form.body).not.toContain('<script');
    expect(form.body).toContain('<form method="post">');
    expect(form.body).toContain(`name="${single}" value="A friend"`);
    expect(form.body).toContain('Linkledger');
    const head = await t.app.inject({ method: 'HEAD', url: '/feedback' });
    expect([head.statusCode, head.body]).toEqual([200, '']);

    const answered = await submit('feedback', [
      [text, 'Dark mode'],
      [single, 'A friend'],
      [multiple, 'Web'],
      [multiple, 'iOS'],
      [rating, '4'],
    ]);
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('Thank you');
    expect(
      (
        await submit(
          'feedback',
          [
            [text, 'Faster exports'],
            [single, 'Search'],
            [rating, '2'],
          ],
          '198.51.100.9',
        )
      ).statusCode,
    ).toBe(200);

    const read = await results(survey.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      survey_id: survey.id,
      response_count: 2,
      questions: [
        { id: text, answered: 2, text: { total: 2, page: 1, pages: 1, answers: [{ answer: 'Faster exports' }, { answer: 'Dark mode' }] } },
        {
          id: single,
          answered: 2,
          choices: [
            { option: 'Search', count: 1 },
            { option: 'A friend', count: 1 },
            { option: 'Other', count: 0 },
          ],
        },
        {
          id: multiple,
          answered: 1,
          choices: [
            { option: 'Web', count: 1 },
            { option: 'Android', count: 0 },
            { option: 'iOS', count: 1 },
          ],
        },
        {
          id: rating,
          answered: 2,
          rating: {
            average: 3,
            distribution: [
              { stars: 1, count: 0 },
              { stars: 2, count: 1 },
              { stars: 3, count: 0 },
              { stars: 4, count: 1 },
              { stars: 5, count: 0 },
            ],
          },
        },
      ],
    });
    const listed = await t.app.inject({ method: 'GET', url: surveysUrl(), headers: owner.headers });
    expect(listed.json()).toMatchObject({ limit: 10, surveys: [{ id: survey.id, slug: 'feedback', response_count: 2 }] });

    const csv = await t.app.inject({ method: 'GET', url: `${surveysUrl()}/${survey.id}/responses.csv`, headers: owner.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Answered at (UTC),What should we build next?,How did you find us?,Which apps do you use?,How happy are you?');
    expect(lines[1]).toBe('2026-11-20T10:00:00.000Z,Dark mode,A friend,Web; iOS,4');
  });

  it('records every one of many visitors answering at the same moment', async () => {
    const survey = await createSurvey('feedback-rush');
    const [text, single, , rating] = survey.questions.map((question) => question.id) as [string, string, string, string];
    const answers: [string, string][] = [
      [text, 'Rush'],
      [single, 'Search'],
      [rating, '5'],
    ];
    const answered = await Promise.all(Array.from({ length: 24 }, (_, i) => submit('feedback-rush', answers, `198.18.0.${i + 1}`)));
    expect(answered.map((response) => response.statusCode)).toEqual(Array(24).fill(200));
    expect((await results(survey.id)).json()).toMatchObject({ response_count: 24 });
  });

  it('shows the form again with a note by each answer that needs one, keeping what was sent, and records nothing', async () => {
    const survey = await createSurvey('feedback-errors');
    const [text, single, , rating] = survey.questions.map((question) => question.id) as [string, string, string, string];
    const refused = await submit('feedback-errors', [
      [text, 'x'.repeat(501)],
      [single, 'Not a choice'],
      [rating, '9'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(`id="${text}-error" role="alert">Please keep your answer to 500 characters (it has 501).`);
    expect(refused.body).toContain(`id="${single}-error" role="alert">Please pick one of the choices.`);
    expect(refused.body).toContain(`id="${rating}-error" role="alert">Please rate from 1 to 5.`);
    expect(refused.body).toContain(`value="${'x'.repeat(501)}"`);

    const missing = await submit('feedback-errors', [[text, 'Kept answer']]);
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(`id="${single}-error" role="alert">Please answer this question.`);
    expect(missing.body).toContain('value="Kept answer"');
    expect((await results(survey.id)).json()).toMatchObject({ response_count: 0 });
  });

  it('sends the visitor on to the redirect address (303) after recording the answers', async () => {
    const survey = await createSurvey('feedback-redirect', { redirect_url: 'https://example.com/thanks?from=survey' });
    const [text, single, , rating] = survey.questions.map((question) => question.id) as [string, string, string, string];
    const answered = await submit('feedback-redirect', [
      [text, 'Hi'],
      [single, 'Other'],
      [rating, '5'],
    ]);
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.location).toBe('https://example.com/thanks?from=survey');
    expect((await results(survey.id)).json()).toMatchObject({ response_count: 1 });
  });

  it('limits the forms one network sends to a survey, and thanks but does not record a bot that fills the hidden field', async () => {
    const survey = await createSurvey('feedback-spam');
    const [text, single, , rating] = survey.questions.map((question) => question.id) as [string, string, string, string];
    const answers: [string, string][] = [
      [text, 'spam'],
      [single, 'Other'],
      [rating, '1'],
    ];
    const trapped = await submit('feedback-spam', [...answers, ['website', 'https://spam.example']], '192.0.2.50');
    expect([trapped.statusCode, trapped.body.includes('Thank you')]).toEqual([200, true]);
    for (let i = 1; i < SUBMISSIONS_PER_ADDRESS; i++) expect((await submit('feedback-spam', answers, '192.0.2.50')).statusCode).toBe(200);
    const limited = await submit('feedback-spam', answers, '192.0.2.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toContain('Too many answers were sent from your network');
    // Another network still answers; the bot's form was never counted as a response.
    expect((await submit('feedback-spam', answers, '198.51.100.77')).statusCode).toBe(200);
    expect((await results(survey.id)).json()).toMatchObject({ response_count: SUBMISSIONS_PER_ADDRESS });
    now = new Date(now.getTime() + 61 * 60_000);
    expect((await submit('feedback-spam', answers, '192.0.2.50')).statusCode).toBe(200);
  });

  it('hashes a visitor as a click or a page view does: the user agent cut where a click cuts it', async () => {
    const survey = await createSurvey('feedback-hash');
    const [text, single, , rating] = survey.questions.map((question) => question.id) as [string, string, string, string];
    const answers = new URLSearchParams([
      [text, 'Same visitor'],
      [single, 'Search'],
      [rating, '4'],
    ]).toString();
    const longAgent = `Mozilla/5.0 ${'x'.repeat(600)}`;
    for (const userAgent of [longAgent, longAgent.slice(0, 512)]) {
      const answered = await t.app.inject({
        method: 'POST',
        url: '/feedback-hash',
        remoteAddress: '198.51.100.23',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
        payload: answers,
      });
      expect(answered.statusCode).toBe(200);
    }
    const hashes = (await t.platform.events.readStream(`survey-responses-${survey.id}`)).map(
      (recorded) => (recorded.data as { visitor_hash: string }).visitor_hash,
    );
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(hashes[1]);
  });

  it('a slug is a short code: a link’s code is refused for a survey, and a survey’s for a link; reserved and malformed ones too', async () => {
    const link = await post(t.app, '/api/urls', owner.headers, { original_url: 'https://example.com/a', short_code: 'linkcode' });
    expect(link.statusCode, link.body).toBe(201);
    const clash = await post(t.app, surveysUrl(), owner.headers, { slug: 'linkcode', title: 'T', questions: QUESTIONS });
    expect(clash.statusCode).toBe(409);
    await createSurvey('surveycode');
    const linkClash = await post(t.app, '/api/urls', owner.headers, { original_url: 'https://example.com/b', short_code: 'surveycode' });
    expect(linkClash.statusCode).toBe(409);
    for (const slug of ['ab', 'has space', 'login']) {
      expect((await post(t.app, surveysUrl(), owner.headers, { slug, title: 'T', questions: QUESTIONS })).statusCode).toBe(400);
    }
  });

  it('refuses what a survey cannot hold (400 naming it): too many questions, too few choices, an unknown field', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ type: 'rating', label: `Q${i}` }));
    for (const [body, detail] of [
      [{ slug: 'bad-1', title: 'T', questions: eleven }, 'at most 10 questions'],
      [{ slug: 'bad-2', title: 'T', questions: [{ type: 'single_choice', label: 'Pick', options: ['Only'] }] }, '2 to 10 choices'],
      [{ slug: 'bad-3', title: 'T', questions: QUESTIONS, colour: 'red' }, 'remove colour'],
      [{ slug: 'bad-4', title: 'T', questions: QUESTIONS, redirect_url: 'javascript:alert(1)' }, 'http:// or https://'],
    ] as const) {
      const refused = await post(t.app, surveysUrl(), owner.headers, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().detail).toContain(detail);
    }
  });

  it('once answered, a question keeps its type and choices; a removed question’s answers leave the results', async () => {
    const survey = await createSurvey('feedback-edit');
    const [text, single, multiple, rating] = survey.questions as [Question, Question, Question, Question];
    await submit('feedback-edit', [
      [text.id, 'Something'],
      [single.id, 'Search'],
      [rating.id, '3'],
    ]);
    const patch = (body: object) => t.app.inject({ method: 'PATCH', url: `${surveysUrl()}/${survey.id}`, headers: owner.headers, payload: body });
    const retyped = await patch({
      questions: [
        { ...QUESTIONS[0], id: text.id },
        { ...QUESTIONS[1], id: single.id, type: 'multiple_choice' },
      ],
    });
    expect(retyped.statusCode).toBe(409);
    const narrowed = await patch({ questions: [{ ...QUESTIONS[1], id: single.id, options: ['Search', 'A friend'] }] });
    expect([narrowed.statusCode, narrowed.json().detail]).toEqual([409, expect.stringContaining('(Other)')]);
    const edited = await patch({
      title: 'Shorter survey',
      questions: [
        { ...QUESTIONS[1], id: single.id, label: 'Where did you hear of us?', options: ['Search', 'A friend', 'Other', 'Radio'] },
        { type: 'rating', label: 'New one' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().questions.map((question: { id: string }) => question.id)).toEqual([single.id, 'q5']);
    expect(edited.json().questions.map((question: { id: string }) => question.id)).not.toContain(multiple.id);
    const read = (await results(survey.id)).json();
    expect(read.questions).toHaveLength(2);
    expect(read.questions[0]).toMatchObject({
      label: 'Where did you hear of us?',
      choices: [{ option: 'Search', count: 1 }, {}, {}, { option: 'Radio', count: 0 }],
    });
    expect(read.questions[1]).toMatchObject({ id: 'q5', answered: 0 });
    expect((await patch({ slug: 'other' })).json().detail).toBe('A survey’s short code cannot change.');
  });

  it('a closed survey says so and takes no answers; a deleted one is gone', async () => {
    const survey = await createSurvey('feedback-closed', { is_active: false });
    const closed = await t.app.inject({ method: 'GET', url: '/feedback-closed' });
    expect([closed.statusCode, closed.body.includes('This survey is closed')]).toEqual([410, true]);
    expect((await submit('feedback-closed', [['q1', 'x']])).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'DELETE', url: `${surveysUrl()}/${survey.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/feedback-closed' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${surveysUrl()}/${survey.id}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('hostile text is escaped in the form and in the answers page, and inert in the CSV', async () => {
    const hostile = '<img src=x onerror=alert(1)>"';
    const survey = await createSurvey('feedback-hostile', {
      title: `${hostile} title`,
      description: `${hostile} description`,
      questions: [
        { type: 'short_text', label: `${hostile} label` },
        { type: 'single_choice', label: '=SUM(1+1)', options: [`${hostile} choice`, 'Plain'] },
      ],
    });
    const form = await t.app.inject({ method: 'GET', url: '/feedback-hostile' });
    expect(form.body).not.toContain('<img src=x');
    expect(form.body).toContain('&#60;img src=x onerror=alert(1)&#62;&#34; title');
    expect(form.body).toContain('&#60;img src=x onerror=alert(1)&#62;&#34; choice');
    const refused = await submit('feedback-hostile', [
      ['q1', `${hostile} typed`],
      ['q2', 'not offered'],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('<img src=x');
    expect(refused.body).toContain('value="&#60;img src=x onerror=alert(1)&#62;&#34; typed"');
    expect(
      (
        await submit('feedback-hostile', [
          ['q1', '=HYPERLINK("https://evil.example","click")'],
          ['q2', `${hostile} choice`],
        ])
      ).statusCode,
    ).toBe(200);
    const csv = await t.app.inject({ method: 'GET', url: `${surveysUrl()}/${survey.id}/responses.csv`, headers: owner.headers });
    expect(csv.body).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    expect(csv.body).toContain("'=SUM(1+1)");
    const read = (await results(survey.id)).json();
    expect(read.questions[0].text.answers[0].answer).toBe('=HYPERLINK("https://evil.example","click")');
  });

  it('keeps typed answers sealed in the log; deleting the creator’s account makes them unreadable, counts stay', async () => {
    const creator = await signUp(t.app, 'creator@example.com', PASSWORD);
    await givePlan(t.platform, creator.user.id, 'pro');
    const survey = await createSurvey('feedback-sealed', {}, creator);
    const [text, single, , rating] = survey.questions.map((question) => question.id) as [string, string, string, string];
    expect(
      (
        await submit('feedback-sealed', [
          [text, SECRET_ANSWER],
          [single, 'Search'],
          [rating, '5'],
        ])
      ).statusCode,
    ).toBe(200);
    const holding = filesUnder(dataDir).filter((file) => readFileSync(file).includes(Buffer.from(SECRET_ANSWER)));
    expect(holding).toEqual([]);
    const before = await t.app.inject({ method: 'GET', url: `${surveysUrl(creator.user.id)}/${survey.id}/results`, headers: creator.headers });
    expect(before.json().questions[0].text.answers[0].answer).toBe(SECRET_ANSWER);

    const deleted = await post(t.app, '/api/settings/account/delete', creator.headers, { password: PASSWORD, confirm_email: 'creator@example.com' });
    expect(deleted.statusCode).toBe(200);
    const responses = await t.platform.events.readStream(`survey-responses-${survey.id}`);
    expect(responses).toHaveLength(1);
    expect(responses[0]!.data).toMatchObject({ text_answers: '{}', ratings: { [rating]: 5 } });
    // The personal workspace went with the account: its survey's form with it.
    expect((await t.app.inject({ method: 'GET', url: '/feedback-sealed' })).statusCode).toBe(404);
  });
});

describe('who may use surveys', () => {
  it('a plan without surveys is refused (403) with the upgrade note; the plan’s limit holds', async () => {
    const free = await signUp(t.app, 'free@example.com', PASSWORD);
    const refused = await t.app.inject({ method: 'GET', url: surveysUrl(free.user.id), headers: free.headers });
    expect([refused.statusCode, refused.json().detail]).toEqual([403, SURVEYS_NOT_IN_PLAN]);
    const limited = await signUp(t.app, 'limited@example.com', PASSWORD);
    await givePlan(t.platform, limited.user.id, 'pro');
    for (let i = 0; i < 5; i++) await createSurvey(`limited-${i}`, {}, limited);
    const over = await post(t.app, surveysUrl(limited.user.id), limited.headers, { slug: 'limited-5', title: 'T', questions: QUESTIONS });
    expect([over.statusCode, over.json().detail]).toEqual([403, expect.stringContaining('5 surveys, the most its plan allows')]);
  });

  it('someone else’s workspace is not found, and its survey ids name nothing of theirs', async () => {
    const survey = await createSurvey('feedback-private');
    const other = await signUp(t.app, 'other@example.com', PASSWORD);
    await givePlan(t.platform, other.user.id, 'pro');
    expect((await t.app.inject({ method: 'GET', url: `${surveysUrl()}/${survey.id}/results`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${surveysUrl(other.user.id)}/${survey.id}`, headers: other.headers })).statusCode).toBe(404);
  });
});
