import { describe, expect, it } from 'vitest';
import type { DomainEvent, StoredSurveyQuestion } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { ShortCodeTaken } from '../links/index.ts';
import { createSurveyDecider, respondDecider, SURVEY_CLOSED, SURVEY_NOT_FOUND, updateSurveyDecider } from './survey-deciders.ts';

const WORKSPACE = 40;
const rating: StoredSurveyQuestion = { id: 'q1', type: 'rating', label: 'How happy?', required: true, options: [] };
const pick: StoredSurveyQuestion = { id: 'q2', type: 'single_choice', label: 'Which?', required: false, options: ['A', 'B'] };
const content = { title: 'Survey', description: '', redirectUrl: null, isActive: true };
const created = (changes: Partial<Extract<DomainEvent, { type: 'SurveyCreated' }>['data']> = {}): DomainEvent => ({
  type: 'SurveyCreated',
  data: {
    survey_id: 7,
    workspace_id: WORKSPACE,
    created_by: 3,
    slug: 'poll',
    next_question: 3,
    title: 'Survey',
    description: '',
    questions: [rating, pick],
    redirect_url: null,
    is_active: true,
    ...changes,
  },
});
const responded: DomainEvent = {
  type: 'SurveyResponded',
  data: { survey_id: 7, workspace_id: WORKSPACE, sealed_for: 3, visitor_hash: 'v', choices: {}, ratings: { q1: 4 }, text_answers: '{}' },
};

describe('surveys (given the survey’s history, when it is built, edited or answered, then …)', () => {
  it('given a free code, when a survey is built, then it claims the code for the survey and numbers its questions; a taken code is refused', () => {
    const command = {
      surveyId: 7,
      workspaceId: WORKSPACE,
      createdBy: 3,
      slug: 'poll',
      content: {
        ...content,
        questions: [
          { id: 'q9', type: 'rating' as const, label: 'How happy?', required: true },
          { type: 'single_choice' as const, label: 'Which?', required: false, options: ['A', 'B'] },
        ],
      },
    };
    deciderSpec(createSurveyDecider)
      .given({})
      .when(command)
      .then({
        claim: [{ type: 'ShortCodeClaimedForPage', data: { short_code: 'poll', kind: 'survey', page_id: 7, workspace_id: WORKSPACE } }],
        survey: [created()],
      });
    deciderSpec(createSurveyDecider)
      .given({ claim: [{ type: 'ShortCodeClaimed', data: { short_code: 'poll', link_id: 1 } }] })
      .when(command)
      .thenThrows(ShortCodeTaken);
  });

  it('given answers, an edit may relabel, add choices and questions (new ids, never reused), but not retype or drop a choice', () => {
    const edit = (questions: object[]) => ({ surveyId: 7, workspaceId: WORKSPACE, changes: { questions: questions as never } });
    const spec = deciderSpec(updateSurveyDecider);
    const decided = spec.given({ survey: [created()], responses: [responded] }).when(
      edit([
        { ...pick, label: 'Which one?', options: ['A', 'B', 'C'] },
        { type: 'short_text', label: 'Why?', required: false },
      ]),
    ).events;
    expect(decided.survey?.[0]).toMatchObject({
      type: 'SurveyUpdated',
      data: {
        changes: {
          next_question: 4,
          questions: [
            { id: 'q2', label: 'Which one?', options: ['A', 'B', 'C'] },
            { id: 'q3', type: 'short_text' },
          ],
        },
      },
    });
    spec
      .given({ survey: [created()], responses: [responded] })
      .when(edit([{ ...rating, type: 'short_text', options: [] }]))
      .thenThrows('its type cannot change');
    spec
      .given({ survey: [created()], responses: [responded] })
      .when(edit([{ ...pick, options: ['A', 'C'] }]))
      .thenThrows('not removed or renamed (B)');
    expect(spec.given({ survey: [created()] }).when(edit([{ ...pick, options: ['A', 'C'] }])).events.survey).toHaveLength(1);
    spec
      .given({ survey: [created()] })
      .when(edit([{ id: 'q5', type: 'rating', label: 'X', required: false }]))
      .thenThrows('This survey has no question q5');
  });

  it('given a closed survey, or another workspace’s, an answer is refused; an answer that breaks a rule is refused', () => {
    const answer = (answers: Record<string, string>, workspaceId = WORKSPACE) => ({ surveyId: 7, workspaceId, visitorHash: 'v', answers });
    const spec = deciderSpec(respondDecider);
    spec
      .given({ survey: [created({ is_active: false })] })
      .when(answer({ q1: '4' }))
      .thenThrows(SURVEY_CLOSED);
    spec
      .given({ survey: [created()] })
      .when(answer({ q1: '4' }, 41))
      .thenThrows(SURVEY_NOT_FOUND);
    spec
      .given({ survey: [created()] })
      .when(answer({ q2: 'A' }))
      .thenThrows('Please answer this question.');
    spec
      .given({ survey: [created()] })
      .when(answer({ q1: '4', q2: 'A' }))
      .then({ responses: [{ ...responded, data: { ...responded.data, choices: { q2: ['A'] } } }] });
  });
});
