import { domainEventOf, SURVEY_TEXT_PAGE_SIZE, type SurveyResults } from '@linkledger/contracts';
import type { SurveyView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { responsesStream } from './survey-deciders.ts';

/** One recorded response, its typed answers opened (they read as none once their key is destroyed). */
interface RecordedResponse {
  at: string;
  choices: Record<string, string[]>;
  ratings: Record<string, number>;
  texts: Record<string, string>;
}

/** Typed answers as stored: a JSON object by question id; anything else (a shredded value) holds none. */
function textsOf(stored: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** Every response of a survey, oldest first, from its `survey-responses-{id}` stream (opened by the personal-data vault). */
export async function readResponses(platform: Pick<Platform, 'events'>, surveyId: number): Promise<RecordedResponse[]> {
  const responses: RecordedResponse[] = [];
  for (const recorded of await platform.events.readStream(responsesStream(surveyId))) {
    const event = domainEventOf(recorded);
    if (event?.type !== 'SurveyResponded') continue;
    responses.push({ at: recorded.metadata.at, choices: event.data.choices, ratings: event.data.ratings, texts: textsOf(event.data.text_answers) });
  }
  return responses;
}

/**
 * A survey's results for its current questions (docs/pages.md#surveys): answers to a removed
 * question, or a choice no longer offered, are left out; text answers newest first, a page at a time.
 */
export function resultsOf(view: SurveyView, responses: readonly RecordedResponse[], textPage: number): SurveyResults {
  const questions = view.questions.map((question): SurveyResults['questions'][number] => {
    const base = { id: question.id, type: question.type, label: question.label };
    switch (question.type) {
      case 'single_choice':
      case 'multiple_choice': {
        const picked = responses.map((response) => (response.choices[question.id] ?? []).filter((option) => question.options.includes(option)));
        const choices = question.options.map((option) => ({ option, count: picked.filter((each) => each.includes(option)).length }));
        return { ...base, answered: picked.filter((each) => each.length > 0).length, choices };
      }
      case 'rating': {
        const given = responses.flatMap((response) => (response.ratings[question.id] === undefined ? [] : [response.ratings[question.id]!]));
        const distribution = [1, 2, 3, 4, 5].map((stars) => ({ stars, count: given.filter((each) => each === stars).length }));
        const average = given.length ? Math.round((given.reduce((sum, each) => sum + each, 0) / given.length) * 100) / 100 : null;
        return { ...base, answered: given.length, rating: { average, distribution } };
      }
      case 'short_text': {
        const all = responses
          .flatMap((response) => (response.texts[question.id] === undefined ? [] : [{ answer: response.texts[question.id]!, at: response.at }]))
          .reverse();
        const pages = Math.max(1, Math.ceil(all.length / SURVEY_TEXT_PAGE_SIZE));
        const answers = all.slice((textPage - 1) * SURVEY_TEXT_PAGE_SIZE, textPage * SURVEY_TEXT_PAGE_SIZE);
        return { ...base, answered: all.length, text: { answers, total: all.length, page: textPage, pages } };
      }
    }
  });
  return { survey_id: view.id, response_count: responses.length, questions };
}

/** The CSV download: the time of each response and one column per current question (choices joined by "; "). */
export function responseRows(view: SurveyView, responses: readonly RecordedResponse[]): { columns: string[]; rows: string[][] } {
  const columns = ['Answered at (UTC)', ...view.questions.map((question) => question.label)];
  const rows = responses.map((response) => [
    response.at,
    ...view.questions.map((question) => {
      if (question.type === 'rating') return response.ratings[question.id] === undefined ? '' : String(response.ratings[question.id]);
      if (question.type === 'short_text') return response.texts[question.id] ?? '';
      return (response.choices[question.id] ?? []).join('; ');
    }),
  ]);
  return { columns, rows };
}
