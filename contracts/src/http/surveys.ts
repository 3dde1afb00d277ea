import { z } from 'zod';
import { CONTROL_CHARACTERS } from '../destination.ts';
import { StoredSurveyQuestion } from '../events/surveys.ts';
import { Destination } from './destination-field.ts';

/** The limits of a survey (docs/pages.md#surveys). */
export const SURVEY_LIMITS = {
  questions: 10,
  optionsMin: 2,
  optionsMax: 10,
  textAnswer: 500,
  title: 120,
  description: 1000,
  label: 200,
  option: 100,
} as const;

export const SURVEY_QUESTION_TYPES = StoredSurveyQuestion.shape.type.options;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

const oneLine = (what: string, max: number) =>
  z
    .string({ message: `Please enter ${what}.` })
    .trim()
    .min(1, `Please enter ${what}.`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} is at most ${max} characters long.`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), `${what[0]!.toUpperCase()}${what.slice(1)} is one line of text, without line breaks or tabs.`);

const isChoice = (type: SurveyQuestionType) => type === 'single_choice' || type === 'multiple_choice';

/** A question as the builder sends it: an `id` keeps an existing question (and its answers), none adds a new one. */
const SurveyQuestionInput = z
  .strictObject({
    id: z.string().max(16).optional(),
    type: z.enum(SURVEY_QUESTION_TYPES, { message: 'A question’s type is one of: short_text, single_choice, multiple_choice, rating.' }),
    label: oneLine('the question', SURVEY_LIMITS.label),
    required: z.boolean().default(false),
    options: z
      .array(oneLine('a choice', SURVEY_LIMITS.option))
      .max(SURVEY_LIMITS.optionsMax, `A question has at most ${SURVEY_LIMITS.optionsMax} choices.`)
      .optional(),
  })
  .superRefine((question, context) => {
    const options = question.options ?? [];
    if (isChoice(question.type) && options.length < SURVEY_LIMITS.optionsMin)
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: `A choice question has ${SURVEY_LIMITS.optionsMin} to ${SURVEY_LIMITS.optionsMax} choices.`,
      });
    if (!isChoice(question.type) && options.length > 0) context.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice question has choices.' });
    if (new Set(options.map((option) => option.toLowerCase())).size !== options.length)
      context.addIssue({ code: 'custom', path: ['options'], message: 'A question’s choices must differ from each other.' });
  });
export type SurveyQuestionInput = z.infer<typeof SurveyQuestionInput>;

const Questions = z
  .array(SurveyQuestionInput, { message: 'A survey has a list of questions.' })
  .min(1, 'A survey has at least one question.')
  .max(SURVEY_LIMITS.questions, `A survey has at most ${SURVEY_LIMITS.questions} questions.`)
  .refine((questions) => {
    const ids = questions.flatMap((question) => (question.id ? [question.id] : []));
    return new Set(ids).size === ids.length;
  }, 'Each question appears once: two questions carry the same id.');

const fields = {
  title: oneLine('a title', SURVEY_LIMITS.title),
  description: z.string().trim().max(SURVEY_LIMITS.description, `The description is at most ${SURVEY_LIMITS.description} characters long.`),
  questions: Questions,
  redirect_url: Destination.nullable(),
  is_active: z.boolean(),
};

const unknownFields = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `A survey takes slug, title, description, questions, redirect_url and is_active; remove ${issue.keys?.join(', ')}`
    : undefined;

/** A new survey; its slug is claimed as a short code (3 to 32 letters, digits, - or _). */
export const CreateSurveyBody = z.strictObject(
  {
    slug: z.string({ message: 'Please choose the survey’s short code.' }).max(64, 'The short code must be 3 to 32 characters long.'),
    title: fields.title,
    description: fields.description.default(''),
    questions: fields.questions,
    redirect_url: fields.redirect_url.default(null),
    is_active: fields.is_active.default(true),
  },
  { error: unknownFields },
);
export type CreateSurveyBody = z.infer<typeof CreateSurveyBody>;

/** An edit: absent fields stay; the slug never changes. */
export const UpdateSurveyBody = z.strictObject(z.object(fields).partial().shape, {
  error: (issue) => (issue.code === 'unrecognized_keys' && issue.keys?.includes('slug') ? 'A survey’s short code cannot change.' : unknownFields(issue)),
});
export type UpdateSurveyBody = z.infer<typeof UpdateSurveyBody>;

export const SurveyParams = z.object({
  id: z.coerce.number().int().positive({ message: 'The id must be a positive whole number' }),
  surveyId: z.coerce.number().int().positive({ message: 'The survey’s id must be a positive whole number' }),
});

export const Survey = z.object({
  id: z.number(),
  workspace_id: z.number(),
  slug: z.string(),
  /** Where visitors answer it. */
  url: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(StoredSurveyQuestion),
  redirect_url: z.string().nullable(),
  is_active: z.boolean(),
  response_count: z.number(),
  created_at: z.string(),
});
export type Survey = z.infer<typeof Survey>;

/** The workspace's surveys, newest first, and how many its plan allows (-1: no limit). */
export const SurveyList = z.object({ surveys: z.array(Survey), limit: z.number() });
export type SurveyList = z.infer<typeof SurveyList>;

/** How many text answers a page of results holds. */
export const SURVEY_TEXT_PAGE_SIZE = 20;

export const SurveyResultsQuery = z.strictObject({
  text_page: z.coerce.number().int().positive({ message: 'text_page is a page number from 1' }).default(1),
});

const QuestionResult = z.object({
  id: z.string(),
  type: z.enum(SURVEY_QUESTION_TYPES),
  label: z.string(),
  /** Responses that answered this question. */
  answered: z.number(),
  /** Choice questions: each choice and how many picked it. */
  choices: z.array(z.object({ option: z.string(), count: z.number() })).optional(),
  /** Rating questions: the mean (null with no answer) and how many gave 1 to 5. */
  rating: z.object({ average: z.number().nullable(), distribution: z.array(z.object({ stars: z.number(), count: z.number() })) }).optional(),
  /** Short text questions: one page of answers, newest first. */
  text: z.object({ answers: z.array(z.object({ answer: z.string(), at: z.string() })), total: z.number(), page: z.number(), pages: z.number() }).optional(),
});

export const SurveyResults = z.object({ survey_id: z.number(), response_count: z.number(), questions: z.array(QuestionResult) });
export type SurveyResults = z.infer<typeof SurveyResults>;
