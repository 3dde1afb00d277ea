import { choicesOf, type SurveyDraft } from './survey-draft.ts';

/** What a visitor will see (docs/pages.md#surveys), drawn from the draft as it is typed; nothing in it can be sent. */
export function SurveyPreview({ draft }: { draft: SurveyDraft }) {
  return (
    <div className="survey-preview" aria-label="Preview of the form">
      <h3 className="survey-preview__title">{draft.title || 'Your survey’s title'}</h3>
      {draft.description ? <p className="survey-preview__description">{draft.description}</p> : null}
      {draft.questions.map((question) => (
        <div key={question.key} className="survey-preview__question">
          <p className="survey-preview__label">
            {question.label || 'Your question'}
            {question.required ? <span className="survey-preview__required"> *</span> : null}
          </p>
          {question.type === 'short_text' ? <input className="input" disabled aria-label={question.label || 'Answer'} /> : null}
          {question.type === 'rating' ? (
            <div className="survey-preview__stars">
              {[1, 2, 3, 4, 5].map((stars) => (
                <span key={stars} className="survey-preview__choice">
                  {stars}★
                </span>
              ))}
            </div>
          ) : null}
          {question.type === 'single_choice' || question.type === 'multiple_choice'
            ? choicesOf(question).map((choice, index) => (
                <span key={`${index}-${choice}`} className="survey-preview__choice">
                  <input type={question.type === 'single_choice' ? 'radio' : 'checkbox'} disabled aria-label={choice} /> {choice}
                </span>
              ))
            : null}
        </div>
      ))}
      <span className="button button--primary survey-preview__send">Send answers</span>
    </div>
  );
}
