import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { BusySubmitButton } from '../../ui/BusySubmitButton.tsx';
import { InputField, TextareaField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { toast } from '../../ui/toasts.ts';
import { QuestionEditor } from './QuestionEditor.tsx';
import { SurveyPreview } from './SurveyPreview.tsx';
import { canAddQuestion, createBody, draftOf, emptyDraft, moved, newQuestion, updateBody, type SurveyDraft } from './survey-draft.ts';
import { SURVEYS_QUERY, surveysApi } from './surveys-api.ts';
import { useSurveyWorkspace } from './useSurveyWorkspace.ts';
import './surveys.css';

/**
 * /surveys/new and /surveys/:surveyId/edit: the builder (docs/pages.md#surveys). Questions are
 * added, reordered, removed and given their choices, with the visitor's form previewed beside
 * them as they are typed.
 */
export default function SurveyBuilderPage() {
  const { surveyId } = useParams();
  const editing = surveyId === undefined ? null : Number(surveyId);
  const workspaceId = useSurveyWorkspace();
  const saved = useQuery([...SURVEYS_QUERY, workspaceId, editing, 'edit'], () => surveysApi.get(workspaceId!, editing!), {
    enabled: workspaceId !== undefined && editing !== null,
  });
  const loaded = editing === null || saved.data !== undefined;

  return (
    <div className="surveys stack">
      <PageHeader title={editing === null ? 'New survey' : 'Edit survey'} subtitle="Up to 10 questions: short text, single or multiple choice, or a 1–5 rating">
        <Link className="button button--ghost" to="/surveys">
          Back to surveys
        </Link>
      </PageHeader>
      {saved.error ? <p className="surveys__error">{errorText(saved.error, 'The survey could not be loaded.')}</p> : null}
      {loaded && workspaceId !== undefined ? (
        <Builder
          initial={saved.data && editing !== null ? draftOf(saved.data) : emptyDraft()}
          workspaceId={workspaceId}
          editing={editing}
          answered={(saved.data?.response_count ?? 0) > 0}
        />
      ) : null}
    </div>
  );
}

interface BuilderProps {
  /** The draft it starts from: the saved survey, or an empty one (kept from then on as it is edited). */
  initial: SurveyDraft;
  workspaceId: number;
  editing: number | null;
  answered: boolean;
}

function Builder({ initial, workspaceId, editing, answered }: BuilderProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<SurveyDraft>) => setDraft({ ...draft, ...changes });
  const setQuestions = (questions: SurveyDraft['questions']) => set({ questions });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (editing === null) await surveysApi.create(workspaceId, createBody(draft));
      else await surveysApi.update(workspaceId, editing, updateBody(draft));
      await invalidate(SURVEYS_QUERY);
      toast(editing === null ? 'Survey created' : 'Survey saved');
      void navigate('/surveys');
    } catch (failure) {
      setError(errorText(failure, 'The survey could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="survey-builder">
      <form className="card survey-builder__form" onSubmit={save} aria-label="Survey">
        <InputField id="survey-title" label="Title" value={draft.title} onValue={(title) => set({ title })} required />
        <InputField
          id="survey-slug"
          label="Short code"
          hint={editing === null ? 'Visitors answer at /your-code: 3 to 32 letters, digits, - or _. It cannot change later.' : 'The short code cannot change.'}
          value={draft.slug}
          onValue={(slug) => set({ slug })}
          disabled={editing !== null}
          required
          {...VERBATIM_INPUT}
        />
        <TextareaField
          id="survey-description"
          label="Description (optional)"
          rows={2}
          value={draft.description}
          onValue={(description) => set({ description })}
        />
        <InputField
          id="survey-redirect"
          label="After answering, go to (optional)"
          hint="A web address; without one, visitors see a thank-you page."
          type="url"
          value={draft.redirectUrl}
          onValue={(redirectUrl) => set({ redirectUrl })}
          {...VERBATIM_INPUT}
        />
        <div className="survey-builder__switch">
          <span id="survey-open">Open for answers</span>
          <Switch checked={draft.isActive} onChange={(isActive) => set({ isActive })} labelledBy="survey-open" />
        </div>
        {draft.questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            question={question}
            index={index}
            count={draft.questions.length}
            answered={answered}
            onChange={(next) => setQuestions(draft.questions.map((each) => (each.key === question.key ? next : each)))}
            onMove={(by) => setQuestions(moved(draft.questions, index, by))}
            onRemove={() => setQuestions(draft.questions.filter((each) => each.key !== question.key))}
          />
        ))}
        <button
          type="button"
          className="button button--secondary"
          disabled={!canAddQuestion(draft)}
          onClick={() => setQuestions([...draft.questions, newQuestion()])}
        >
          Add question
        </button>
        {error ? (
          <p className="surveys__error" role="alert">
            {error}
          </p>
        ) : null}
        <BusySubmitButton busy={busy} label={editing === null ? 'Create survey' : 'Save survey'} busyLabel="Saving…" />
      </form>
      <TitledCard titleId="survey-preview" title="Preview" className="survey-builder__preview">
        <SurveyPreview draft={draft} />
      </TitledCard>
    </div>
  );
}
