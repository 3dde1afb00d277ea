import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SURVEY_TEXT_PAGE_SIZE, type SurveyResults } from '@linkledger/contracts';
import { errorText } from '../../api/client.ts';
import { momentLabel } from '../../format/dates.ts';
import { useQuery } from '../../api/query.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { toast } from '../../ui/toasts.ts';
import { SURVEYS_QUERY, surveysApi } from './surveys-api.ts';
import { useSurveyWorkspace } from './useSurveyWorkspace.ts';
import './surveys.css';

type QuestionResult = SurveyResults['questions'][number];

const responsesLabel = (count: number) => `${count} ${count === 1 ? 'response' : 'responses'}`;

/**
 * /surveys/:surveyId/results: each question's answers (docs/pages.md#surveys) — a bar per
 * choice, the rating's average and distribution, typed answers a page at a time — and the CSV.
 */
export default function SurveyResultsPage() {
  const surveyId = Number(useParams().surveyId);
  const workspaceId = useSurveyWorkspace();
  const [textPage, setTextPage] = useState(1);
  const enabled = workspaceId !== undefined;
  const survey = useQuery([...SURVEYS_QUERY, workspaceId, surveyId], () => surveysApi.get(workspaceId!, surveyId), { enabled });
  const results = useQuery([...SURVEYS_QUERY, workspaceId, surveyId, 'results', textPage], () => surveysApi.results(workspaceId!, surveyId, textPage), {
    enabled,
  });

  const download = async () => {
    try {
      saveBlob(await surveysApi.responsesCsv(workspaceId!, surveyId), `survey_${surveyId}_responses.csv`);
    } catch (failure) {
      toast(errorText(failure, 'The responses could not be downloaded.'), 'error');
    }
  };

  const failure = survey.error ?? results.error;
  return (
    <div className="surveys stack">
      <PageHeader title={survey.data ? survey.data.title : 'Survey results'} subtitle={results.data ? responsesLabel(results.data.response_count) : 'Loading…'}>
        <Link className="button button--ghost" to="/surveys">
          Back to surveys
        </Link>
        <button type="button" className="button button--primary" onClick={download} disabled={!enabled}>
          Download CSV
        </button>
      </PageHeader>
      {failure ? <p className="surveys__error">{errorText(failure, 'The results could not be loaded.')}</p> : null}
      {(results.data?.questions ?? []).map((question, index) => (
        <TitledCard key={question.id} titleId={`result-${question.id}`} title={`${index + 1}. ${question.label}`} className="survey-result">
          <p className="survey-result__answered">{question.answered} answered</p>
          <QuestionChart question={question} total={results.data!.response_count} onTextPage={setTextPage} />
        </TitledCard>
      ))}
    </div>
  );
}

/** One bar: its label, its count, and its share of `of` as the bar's length. */
function Bar({ label, count, of }: { label: string; count: number; of: number }) {
  const share = of === 0 ? 0 : Math.round((count / of) * 100);
  return (
    <li className="survey-bar">
      <span className="survey-bar__label">{label}</span>
      <span className="survey-bar__track" aria-hidden="true">
        <span className="survey-bar__fill" style={{ width: `${share}%` }} />
      </span>
      <span className="survey-bar__count">
        {count} <span className="survey-bar__share">({share}%)</span>
      </span>
    </li>
  );
}

function QuestionChart({ question, total, onTextPage }: { question: QuestionResult; total: number; onTextPage(page: number): void }) {
  if (question.choices) {
    return (
      <ul className="survey-bars" aria-label={`Answers to ${question.label}`}>
        {question.choices.map((choice) => (
          <Bar key={choice.option} label={choice.option} count={choice.count} of={total} />
        ))}
      </ul>
    );
  }
  if (question.rating) {
    const { average, distribution } = question.rating;
    return (
      <>
        <p className="survey-result__average">{average === null ? 'No ratings yet' : `Average ${average.toFixed(2)} of 5`}</p>
        <ul className="survey-bars" aria-label={`Ratings of ${question.label}`}>
          {distribution.map((each) => (
            <Bar key={each.stars} label={`${each.stars}★`} count={each.count} of={question.answered} />
          ))}
        </ul>
      </>
    );
  }
  if (question.text) {
    const { answers, total: count, page } = question.text;
    return (
      <>
        {answers.length === 0 ? <p className="survey-result__none">No answers yet.</p> : null}
        <ul className="survey-texts">
          {answers.map((answer, index) => (
            <li key={`${answer.at}-${index}`}>
              <q>{answer.answer}</q>
              <time dateTime={answer.at}>{momentLabel(answer.at)}</time>
            </li>
          ))}
        </ul>
        {count > SURVEY_TEXT_PAGE_SIZE ? (
          <Pagination page={page} total={count} pageSize={SURVEY_TEXT_PAGE_SIZE} onPage={onTextPage} label="Pages of typed answers" />
        ) : null}
      </>
    );
  }
  return null;
}
