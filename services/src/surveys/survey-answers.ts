import { SURVEY_LIMITS, type StoredSurveyQuestion } from '@linkledger/contracts';

/** What a visitor sent for each question, as the form posts it: one value, several, or none. */
export type SubmittedAnswers = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A response that passed every question's rule, split as it is recorded: counted parts plain, typed text to be sealed. */
interface CheckedResponse {
  choices: Record<string, string[]>;
  ratings: Record<string, number>;
  texts: Record<string, string>;
}

type AnswerCheck = { ok: true; response: CheckedResponse } | { ok: false; errors: Record<string, string> };

const valuesOf = (sent: string | readonly string[] | undefined): string[] =>
  (sent === undefined ? [] : typeof sent === 'string' ? [sent] : [...sent]).map((value) => value.trim()).filter((value) => value !== '');

/** Why one question's answer cannot be taken, or its clean value (null: not answered). */
function checkOne(
  question: StoredSurveyQuestion,
  sent: string | readonly string[] | undefined,
): { error: string } | { value: string | string[] | number | null } {
  const values = valuesOf(sent);
  if (values.length === 0) return question.required ? { error: 'Please answer this question.' } : { value: null };
  switch (question.type) {
    case 'short_text': {
      if (values.length > 1) return { error: 'Please give one answer.' };
      const text = values[0]!;
      if (text.length > SURVEY_LIMITS.textAnswer)
        return { error: `Please keep your answer to ${SURVEY_LIMITS.textAnswer} characters (it has ${text.length}).` };
      return { value: text };
    }
    case 'single_choice':
      if (values.length > 1 || !question.options.includes(values[0]!)) return { error: 'Please pick one of the choices.' };
      return { value: values };
    case 'multiple_choice':
      if (values.some((value) => !question.options.includes(value))) return { error: 'Please pick only among the choices.' };
      return { value: [...new Set(values)] };
    case 'rating': {
      const stars = values.length === 1 && /^[1-5]$/.test(values[0]!) ? Number(values[0]) : null;
      return stars === null ? { error: 'Please rate from 1 to 5.' } : { value: stars };
    }
  }
}

/**
 * Checks a response against the survey's questions (docs/pages.md#surveys): required ones
 * answered, a choice among the question's own, a rating 1 to 5, a text of at most
 * SURVEY_LIMITS.textAnswer characters. Fields that name no question are ignored.
 */
export function checkAnswers(questions: readonly StoredSurveyQuestion[], sent: SubmittedAnswers): AnswerCheck {
  const errors: Record<string, string> = {};
  const response: CheckedResponse = { choices: {}, ratings: {}, texts: {} };
  for (const question of questions) {
    const checked = checkOne(question, Object.hasOwn(sent, question.id) ? sent[question.id] : undefined);
    if ('error' in checked) errors[question.id] = checked.error;
    else if (typeof checked.value === 'number') response.ratings[question.id] = checked.value;
    else if (typeof checked.value === 'string') response.texts[question.id] = checked.value;
    else if (checked.value) response.choices[question.id] = checked.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, response };
}
