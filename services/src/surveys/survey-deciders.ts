import type { DomainEvent, StoredSurveyQuestion, SurveyQuestionInput } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import { ShortCodeTaken } from '../links/index.ts';
import { checkAnswers, type SubmittedAnswers } from './survey-answers.ts';

export const SURVEY_NOT_FOUND = 'There is no such survey in this workspace.';
export const SURVEY_CLOSED = 'This survey is closed and takes no more answers.';

/** A survey as its `survey-{id}` stream folds (docs/pages.md#surveys). */
interface SurveyDefinition {
  workspaceId: number;
  createdBy: number;
  slug: string;
  title: string;
  description: string;
  questions: StoredSurveyQuestion[];
  redirectUrl: string | null;
  isActive: boolean;
  /** The number the next new question's id takes: ids are never reused, so an old answer never names a new question. */
  nextQuestion: number;
}

type SurveyState = { survey: SurveyDefinition | null };

const noSurvey: SurveyState = { survey: null };

const surveyStream = (surveyId: number) => `survey-${surveyId}`;
export const responsesStream = (surveyId: number) => `survey-responses-${surveyId}`;

function evolveSurvey(state: SurveyState, event: DomainEvent): SurveyState {
  switch (event.type) {
    case 'SurveyCreated': {
      const { workspace_id, created_by, slug, title, description, questions, redirect_url, is_active, next_question } = event.data;
      return {
        survey: {
          workspaceId: workspace_id,
          createdBy: created_by,
          slug,
          title,
          description,
          questions,
          redirectUrl: redirect_url,
          isActive: is_active,
          nextQuestion: next_question,
        },
      };
    }
    case 'SurveyUpdated': {
      if (!state.survey) return state;
      const { title, description, questions, redirect_url, is_active, next_question } = event.data.changes;
      const survey = state.survey;
      return {
        survey: {
          ...survey,
          title: title ?? survey.title,
          description: description ?? survey.description,
          questions: questions ?? survey.questions,
          redirectUrl: redirect_url === undefined ? survey.redirectUrl : redirect_url,
          isActive: is_active ?? survey.isActive,
          nextQuestion: next_question ?? survey.nextQuestion,
        },
      };
    }
    case 'SurveyDeleted':
      return noSurvey;
    default:
      return state;
  }
}

/** The survey of a workspace, or 404: another workspace's survey is not revealed. */
function surveyIn(state: SurveyState, workspaceId: number): SurveyDefinition {
  if (!state.survey || state.survey.workspaceId !== workspaceId) throw notFound(SURVEY_NOT_FOUND);
  return state.survey;
}

/**
 * The questions after an edit (docs/pages.md#surveys): a question sent with its id keeps it,
 * one without gets a new id, one left out is removed (its old answers stay in the log and
 * out of the results). Once the survey has responses, a kept question keeps its type and
 * every choice it had (new choices may be added), so no recorded answer changes meaning.
 */
function editedQuestions(
  current: readonly StoredSurveyQuestion[],
  sent: readonly SurveyQuestionInput[],
  nextQuestion: number,
  hasResponses: boolean,
): { questions: StoredSurveyQuestion[]; nextQuestion: number } {
  let next = nextQuestion;
  const questions = sent.map((input): StoredSurveyQuestion => {
    const stored = { type: input.type, label: input.label, required: input.required, options: input.options ?? [] };
    if (input.id === undefined) return { id: `q${next++}`, ...stored };
    const before = current.find((question) => question.id === input.id);
    if (!before) throw invalid(`This survey has no question ${input.id}: send a new question without an id.`);
    if (hasResponses && before.type !== input.type)
      throw conflict(`“${before.label}” has answers already: its type cannot change. Remove it and add a new question instead.`);
    const dropped = hasResponses ? before.options.filter((option) => !stored.options.includes(option)) : [];
    if (dropped.length) throw conflict(`“${before.label}” has answers already: its choices can be added to, not removed or renamed (${dropped.join(', ')}).`);
    return { id: before.id, ...stored };
  });
  return { questions, nextQuestion: next };
}

export interface SurveyContent {
  title: string;
  description: string;
  questions: SurveyQuestionInput[];
  redirectUrl: string | null;
  isActive: boolean;
}

interface CreateSurvey {
  surveyId: number;
  workspaceId: number;
  createdBy: number;
  slug: string;
  content: SurveyContent;
}

/** A new survey claims its slug on the links' `shortcode-{slug}` stream and opens its own stream in one append. */
export const createSurveyDecider: MultiStreamDecider<CreateSurvey, { claim: boolean; survey: SurveyState }> = {
  streamsOf: (command) => ({
    claim: { stream: `shortcode-${command.slug}`, initialState: false, evolve: () => true },
    survey: { stream: surveyStream(command.surveyId), initialState: noSurvey, evolve: evolveSurvey },
  }),
  decide: (command, states) => {
    if (states.claim) throw new ShortCodeTaken();
    if (states.survey.survey) throw conflict('This survey exists already.');
    const { surveyId, workspaceId, createdBy, slug, content } = command;
    // Every question of a new survey is new: an id sent with one names nothing yet.
    const fresh = content.questions.map(({ type, label, required, options }) => ({ type, label, required, ...(options ? { options } : {}) }));
    const { questions, nextQuestion } = editedQuestions([], fresh, 1, false);
    return {
      claim: [{ type: 'ShortCodeClaimedForPage', data: { short_code: slug, kind: 'survey', page_id: surveyId, workspace_id: workspaceId } }],
      survey: [
        {
          type: 'SurveyCreated',
          data: {
            survey_id: surveyId,
            workspace_id: workspaceId,
            created_by: createdBy,
            slug,
            next_question: nextQuestion,
            title: content.title,
            description: content.description,
            questions,
            redirect_url: content.redirectUrl,
            is_active: content.isActive,
          },
        },
      ],
    };
  },
};

interface UpdateSurvey {
  surveyId: number;
  workspaceId: number;
  changes: Partial<SurveyContent>;
}

/** The latest response alone tells whether there is any: the responses stream is never folded whole to edit. */
const anyResponse = { initialState: false, evolve: () => true, latestOnly: true } as const;

export const updateSurveyDecider: MultiStreamDecider<UpdateSurvey, { survey: SurveyState; responses: boolean }> = {
  streamsOf: (command) => ({
    survey: { stream: surveyStream(command.surveyId), initialState: noSurvey, evolve: evolveSurvey },
    responses: { stream: responsesStream(command.surveyId), ...anyResponse },
  }),
  decide: ({ surveyId, workspaceId, changes }, states) => {
    const survey = surveyIn(states.survey, workspaceId);
    const edited = changes.questions ? editedQuestions(survey.questions, changes.questions, survey.nextQuestion, states.responses) : undefined;
    const recorded = {
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.redirectUrl !== undefined ? { redirect_url: changes.redirectUrl } : {}),
      ...(changes.isActive !== undefined ? { is_active: changes.isActive } : {}),
      ...(edited ? { questions: edited.questions, next_question: edited.nextQuestion } : {}),
    };
    if (Object.keys(recorded).length === 0) return {};
    return { survey: [{ type: 'SurveyUpdated', data: { survey_id: surveyId, workspace_id: workspaceId, changes: recorded } }] };
  },
};

interface DeleteSurvey {
  surveyId: number;
  workspaceId: number;
}

export const deleteSurveyDecider: Decider<DeleteSurvey, SurveyState> = {
  streamOf: (command) => surveyStream(command.surveyId),
  initialState: noSurvey,
  evolve: evolveSurvey,
  decide: ({ surveyId, workspaceId }, state) => {
    surveyIn(state, workspaceId);
    return [{ type: 'SurveyDeleted', data: { survey_id: surveyId, workspace_id: workspaceId } }];
  },
};

interface RespondToSurvey {
  surveyId: number;
  workspaceId: number;
  visitorHash: string;
  answers: SubmittedAnswers;
}

/** A visitor’s answers, checked against the survey as it was read: open, and every answer fitting its question. */
export const respondDecider: MultiStreamDecider<RespondToSurvey, { survey: SurveyState; responses: boolean }> = {
  streamsOf: (command) => ({
    survey: { stream: surveyStream(command.surveyId), initialState: noSurvey, evolve: evolveSurvey },
    // Visitors answering at the same moment each add their own response: none waits for another.
    responses: { stream: responsesStream(command.surveyId), ...anyResponse, appendsAtAnyRevision: true },
  }),
  decide: ({ surveyId, workspaceId, visitorHash, answers }, states) => {
    const survey = surveyIn(states.survey, workspaceId);
    if (!survey.isActive) throw conflict(SURVEY_CLOSED);
    const checked = checkAnswers(survey.questions, answers);
    if (!checked.ok) throw invalid(Object.values(checked.errors)[0]!);
    const { choices, ratings, texts } = checked.response;
    return {
      responses: [
        {
          type: 'SurveyResponded',
          data: {
            survey_id: surveyId,
            workspace_id: workspaceId,
            sealed_for: survey.createdBy,
            visitor_hash: visitorHash,
            choices,
            ratings,
            text_answers: JSON.stringify(texts),
          },
        },
      ],
    };
  },
};
