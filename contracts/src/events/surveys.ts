import { z } from 'zod';

const id = z.number().int().positive();

/** A question as stored: its id stays the same through edits, so answers keep pointing at it (docs/pages.md#surveys). */
export const StoredSurveyQuestion = z.object({
  id: z.string(),
  type: z.enum(['short_text', 'single_choice', 'multiple_choice', 'rating']),
  label: z.string(),
  required: z.boolean(),
  /** The choices of a single or multiple choice question; empty for the others. */
  options: z.array(z.string()),
});
export type StoredSurveyQuestion = z.infer<typeof StoredSurveyQuestion>;

const SurveyContent = {
  title: z.string(),
  description: z.string(),
  questions: z.array(StoredSurveyQuestion),
  redirect_url: z.string().nullable(),
  is_active: z.boolean(),
};

/**
 * A workspace's member made a survey (stream `survey-{id}`), its form served at `/{slug}`, which it
 * claimed in the same append (`ShortCodeClaimedForPage`). `created_by` is the member whose data key
 * seals its free-text answers.
 */
const SurveyCreatedV1 = z.object({ survey_id: id, workspace_id: id, created_by: id, slug: z.string(), next_question: z.number().int(), ...SurveyContent });

/** The survey's text, questions, redirect or state changed: the fields given are the new ones. */
const SurveyUpdatedV1 = z.object({
  survey_id: id,
  workspace_id: id,
  changes: z.object(SurveyContent).partial().extend({ next_question: z.number().int().optional() }),
});

/** The survey was deleted: its form is gone, its slug stays taken, its responses stay in the log. */
const SurveyDeletedV1 = z.object({ survey_id: id, workspace_id: id });

/**
 * A visitor answered (stream `survey-responses-{id}`). Choices and ratings are plain (counted in
 * results); the typed answers are personal data, one JSON object by question id, sealed under the
 * data key of `sealed_for` (the survey's creator). No address is kept: `visitor_hash` is a daily
 * salted hash, as clicks have.
 */
const SurveyRespondedV1 = z.object({
  survey_id: id,
  workspace_id: id,
  sealed_for: id,
  visitor_hash: z.string(),
  choices: z.record(z.string(), z.array(z.string())),
  ratings: z.record(z.string(), z.number().int().min(1).max(5)),
  text_answers: z.string(),
});

export const surveyEvents = {
  SurveyCreated: { 1: SurveyCreatedV1 },
  SurveyUpdated: { 1: SurveyUpdatedV1 },
  SurveyDeleted: { 1: SurveyDeletedV1 },
  SurveyResponded: { 1: SurveyRespondedV1 },
} as const;
