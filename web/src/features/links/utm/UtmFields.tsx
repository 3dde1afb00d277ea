import '../smart-link/smart-link.css';
import './utm.css';
import { useState } from 'react';
import type { UtmTemplate } from '@linkledger/contracts';
import { errorText } from '../../../api/client.ts';
import { utmApi } from '../../../api/endpoints.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import { InputField } from '../../../ui/Field.tsx';
import { toast } from '../../../ui/toasts.ts';
import { UTM_FIELDS, UTM_LABELS, createUtm, finalUrl, hasUtm, utmDraftOf, type UtmDraft } from './utm-draft.ts';

/** The workspace's saved templates, read when the builder is first opened. */
const TEMPLATES_QUERY = ['utm-templates'] as const;

interface UtmFieldsProps {
  /** A useId() prefix for the fields' ids. */
  id: string;
  draft: UtmDraft;
  onChange(draft: UtmDraft): void;
  /** The destination as typed: the preview shows it with the parameters added. */
  destination: string;
  disabled: boolean;
}

/**
 * The UTM builder of the Create and Edit dialogs (docs/links.md#utm-parameters): the five
 * parameters, the final address live, and the workspace's templates to apply, save and delete.
 * Collapsed until asked for, open when the link has parameters.
 */
export function UtmFields({ id, draft, onChange, destination, disabled }: UtmFieldsProps) {
  const [open, setOpen] = useState(hasUtm(draft));
  const preview = finalUrl(destination, draft);
  return (
    <details className="smart-link utm-builder" open={open} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="utm-builder">
      <summary className="smart-link__summary">
        <span className="smart-link__title">UTM parameters</span>
        <span className="smart-link__hint">Campaign tracking added to the destination at redirect</span>
      </summary>
      {open ? (
        <fieldset className="smart-link__body utm-builder__body stack gap-4" disabled={disabled}>
          <TemplatePicker id={id} draft={draft} onChange={onChange} />
          <div className="utm-grid">
            {UTM_FIELDS.map((field) => (
              <InputField
                key={field}
                id={`${id}-${field}`}
                label={UTM_LABELS[field].label}
                maxLength={200}
                placeholder={UTM_LABELS[field].placeholder}
                value={draft[field]}
                onValue={(value) => onChange({ ...draft, [field]: value })}
                hint={field}
              />
            ))}
          </div>
          <div className="utm-preview" data-testid="utm-preview">
            <p className="field__label">Visitors go to</p>
            <p className="utm-preview__url">{preview ?? 'Enter the destination URL to see the final address.'}</p>
          </div>
          <SaveTemplate id={id} draft={draft} />
        </fieldset>
      ) : null}
    </details>
  );
}

/** Apply a saved template (it fills the five fields) or delete one. */
function TemplatePicker({ id, draft, onChange }: Pick<UtmFieldsProps, 'id' | 'draft' | 'onChange'>) {
  const { data } = useQuery(TEMPLATES_QUERY, () => utmApi.templates());
  const [chosen, setChosen] = useState('');
  const templates = data?.templates ?? [];
  const template = templates.find((each) => String(each.id) === chosen);
  if (templates.length === 0) return <p className="field__hint">No saved templates yet: fill in the parameters and save them as one below.</p>;
  const remove = async (doomed: UtmTemplate) => {
    try {
      await utmApi.deleteTemplate(doomed.id);
      setChosen('');
      await invalidate(TEMPLATES_QUERY);
    } catch (failure) {
      toast('Template not deleted', 'error', errorText(failure, 'Could not delete the template. Please try again.'));
    }
  };
  return (
    <div className="utm-templates">
      <label className="field__label" htmlFor={`${id}-template`}>
        Template
      </label>
      <div className="utm-templates__row">
        <select id={`${id}-template`} className="input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose a saved template…</option>
          {templates.map((each) => (
            <option key={each.id} value={each.id}>
              {each.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={!template}
          onClick={() => template && onChange({ ...draft, ...utmDraftOf(template) })}
        >
          Apply
        </button>
        <button type="button" className="button button--ghost button--sm" disabled={!template} onClick={() => template && void remove(template)}>
          Delete
        </button>
      </div>
    </div>
  );
}

/** Save the parameters as typed under a name, for the whole workspace. */
function SaveTemplate({ id, draft }: Pick<UtmFieldsProps, 'id' | 'draft'>) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await utmApi.saveTemplate({ name: name.trim(), ...createUtm(draft) });
      setName('');
      toast('Template saved', 'success', `“${saved.name}” is saved for everyone in this workspace.`);
      await invalidate(TEMPLATES_QUERY);
    } catch (failure) {
      setError(errorText(failure, 'Could not save the template. Please try again.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="utm-save">
      <InputField
        id={`${id}-template-name`}
        label="Save these parameters as a template"
        maxLength={60}
        placeholder="Newsletter"
        value={name}
        onValue={setName}
        error={error ?? undefined}
      />
      <button type="button" className="button button--secondary button--sm" disabled={saving || !name.trim() || !hasUtm(draft)} onClick={() => void save()}>
        Save template
      </button>
    </div>
  );
}
