import { SURVEY_LIMITS } from '@linkledger/contracts';
import { InputField, TextareaField } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { isChoiceType, QUESTION_TYPE_OPTIONS, type QuestionDraft } from './survey-draft.ts';

interface QuestionEditorProps {
  question: QuestionDraft;
  index: number;
  count: number;
  /** A question that has answers keeps its type (docs/pages.md#surveys). */
  answered: boolean;
  onChange(next: QuestionDraft): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}

/** One question of the builder: its type, text, whether it is required, its choices, and moving or removing it. */
export function QuestionEditor({ question, index, count, answered, onChange, onMove, onRemove }: QuestionEditorProps) {
  const id = `question-${question.key}`;
  const number = index + 1;
  const locked = answered && question.id !== undefined;
  return (
    <fieldset className="survey-question" aria-label={`Question ${number}`}>
      <div className="survey-question__head">
        <span className="survey-question__number">Question {number}</span>
        <div className="survey-question__tools">
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Move question ${number} up`}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Move question ${number} down`}
          >
            ↓
          </button>
          <button type="button" className="button button--ghost button--sm" onClick={onRemove} disabled={count === 1} aria-label={`Remove question ${number}`}>
            Remove
          </button>
        </div>
      </div>
      <InputField
        id={`${id}-label`}
        label="Question"
        value={question.label}
        maxLength={SURVEY_LIMITS.label}
        onValue={(label) => onChange({ ...question, label })}
      />
      <div className="survey-question__row">
        {locked ? (
          <p className="survey-question__locked">Type: {QUESTION_TYPE_OPTIONS.find((option) => option.value === question.type)?.label} (it has answers)</p>
        ) : (
          <SelectField
            id={`${id}-type`}
            label="Type"
            value={question.type}
            options={QUESTION_TYPE_OPTIONS}
            onChange={(type) => onChange({ ...question, type, choices: isChoiceType(type) && !question.choices ? 'Yes\nNo' : question.choices })}
          />
        )}
        <label className="checkbox survey-question__required">
          <input type="checkbox" checked={question.required} onChange={(event) => onChange({ ...question, required: event.target.checked })} />
          Required
        </label>
      </div>
      {isChoiceType(question.type) ? (
        <TextareaField
          id={`${id}-choices`}
          label="Choices"
          hint={`One a line, ${SURVEY_LIMITS.optionsMin} to ${SURVEY_LIMITS.optionsMax}.${locked ? ' Choices with answers stay; you may add more.' : ''}`}
          rows={4}
          value={question.choices}
          onValue={(choices) => onChange({ ...question, choices })}
        />
      ) : null}
    </fieldset>
  );
}
