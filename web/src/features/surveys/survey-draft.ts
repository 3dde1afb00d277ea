import {
  SURVEY_LIMITS,
  SURVEY_QUESTION_TYPES,
  type CreateSurveyBody,
  type Survey,
  type SurveyQuestionType,
  type UpdateSurveyBody,
} from '@linkledger/contracts';

/** A question as the builder edits it: `key` tells React rows apart, `id` is the server's (absent on a new question). */
export interface QuestionDraft {
  key: string;
  id?: string;
  type: SurveyQuestionType;
  label: string;
  required: boolean;
  /** One choice a line, as typed. */
  choices: string;
}

export interface SurveyDraft {
  slug: string;
  title: string;
  description: string;
  redirectUrl: string;
  isActive: boolean;
  questions: QuestionDraft[];
}

const QUESTION_TYPE_LABELS: Record<SurveyQuestionType, string> = {
  short_text: 'Short text',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  rating: 'Rating 1–5',
};

export const QUESTION_TYPE_OPTIONS = SURVEY_QUESTION_TYPES.map((value) => ({ value, label: QUESTION_TYPE_LABELS[value] }));

export const isChoiceType = (type: SurveyQuestionType) => type === 'single_choice' || type === 'multiple_choice';

let keys = 0;
const nextKey = () => `question-${++keys}`;

export const newQuestion = (type: SurveyQuestionType = 'short_text'): QuestionDraft => ({
  key: nextKey(),
  type,
  label: '',
  required: false,
  choices: isChoiceType(type) ? 'Yes\nNo' : '',
});

export const emptyDraft = (): SurveyDraft => ({ slug: '', title: '', description: '', redirectUrl: '', isActive: true, questions: [newQuestion()] });

/** A saved survey as the builder edits it. */
export const draftOf = (survey: Survey): SurveyDraft => ({
  slug: survey.slug,
  title: survey.title,
  description: survey.description,
  redirectUrl: survey.redirect_url ?? '',
  isActive: survey.is_active,
  questions: survey.questions.map((question) => ({
    key: nextKey(),
    id: question.id,
    type: question.type,
    label: question.label,
    required: question.required,
    choices: question.options.join('\n'),
  })),
});

/** The typed choices: one a line, blank lines left out. */
export const choicesOf = (question: Pick<QuestionDraft, 'type' | 'choices'>): string[] =>
  isChoiceType(question.type)
    ? question.choices
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
    : [];

/** The question moved up (-1) or down (+1); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export const canAddQuestion = (draft: SurveyDraft) => draft.questions.length < SURVEY_LIMITS.questions;

const questionsOf = (draft: SurveyDraft) =>
  draft.questions.map((question) => ({
    ...(question.id ? { id: question.id } : {}),
    type: question.type,
    label: question.label,
    required: question.required,
    ...(isChoiceType(question.type) ? { options: choicesOf(question) } : {}),
  }));

const common = (draft: SurveyDraft) => ({
  title: draft.title,
  description: draft.description,
  questions: questionsOf(draft),
  redirect_url: draft.redirectUrl.trim() === '' ? null : draft.redirectUrl.trim(),
  is_active: draft.isActive,
});

/** What creating the survey sends. */
export const createBody = (draft: SurveyDraft): CreateSurveyBody => ({ slug: draft.slug.trim(), ...common(draft) });

/** What saving an edit sends (the slug never changes). */
export const updateBody = (draft: SurveyDraft): UpdateSurveyBody => common(draft);
