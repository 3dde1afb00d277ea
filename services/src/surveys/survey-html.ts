import { SURVEY_LIMITS, type StoredSurveyQuestion } from '@linkledger/contracts';
import { escapeHtml } from '../formats/html-text.ts';
import { cardPageHtml, styleColour, visitorPageHeaders } from '../formats/visitor-page-frame.ts';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';
import type { SubmittedAnswers } from './survey-answers.ts';

/** The field a person never sees or fills: a form that comes back with it filled was sent by a bot. */
export const HONEYPOT_FIELD = 'website';

const styleFor = (brand: VisitorBrand | null) => {
  const primary = styleColour(brand?.primaryColor, '#0d6b5e');
  const background = styleColour(brand?.backgroundColor, '#f7f8f6');
  return [
    ':root{color-scheme:light}',
    '*,*::before,*::after{box-sizing:border-box}',
    `body{margin:0;min-width:20rem;min-height:100vh;padding:1.5rem 1rem;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-size:1rem;line-height:1.6;color:#131a18;background:${background};-webkit-font-smoothing:antialiased}`,
    'main{width:100%;max-width:34rem;margin:0 auto;padding:2rem 1.5rem;border:1px solid #dde3e0;border-radius:16px;background:#fff;box-shadow:0 4px 12px rgb(15 27 25/.08)}',
    '.brand{display:flex;align-items:center;gap:.5rem;margin:0 0 1.5rem;font-size:1.125rem;font-weight:700}',
    '.brand img{max-height:2rem;max-width:8rem}',
    'h1{margin:0 0 .5rem;font-size:1.5rem;line-height:1.2}',
    'p{margin:0 0 1rem;color:#4a5652;white-space:pre-line}',
    'form{display:grid;gap:1.25rem;margin:0}',
    'fieldset{margin:0;padding:0;border:0;min-width:0;display:grid;gap:.5rem}',
    'legend{padding:0;margin-bottom:.25rem;font-weight:600}',
    '.required{color:#b42318}',
    '.choice{display:flex;align-items:center;gap:.5rem;min-height:2.75rem;padding:.25rem .75rem;border:1px solid #dde3e0;border-radius:10px;cursor:pointer}',
    '.choice input{width:1.25rem;height:1.25rem;margin:0}',
    '.stars{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:.375rem}',
    '.stars .choice{justify-content:center;gap:.25rem;padding:.25rem}',
    "input[type='text']{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #b9c4bf;border-radius:10px;font:inherit}",
    `input:focus-visible{outline:2px solid ${primary};outline-offset:2px}`,
    "[aria-invalid='true'] .choice,input[aria-invalid='true']{border-color:#b42318}",
    `button{min-height:3rem;padding:0 1.5rem;border:0;border-radius:10px;background:${primary};color:#fff;font:inherit;font-weight:600;cursor:pointer}`,
    `button:focus-visible{outline:2px solid ${primary};outline-offset:3px}`,
    '.error{margin:0;padding:.5rem .75rem;border-radius:10px;background:#fdebe9;color:#b42318;font-size:.875rem}',
    '.trap,.unseen{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}',
  ].join('');
};

/** A whole page: the brand line, then the body (whose writer escaped every user text); with the headers it is served with. */
export function surveyPage(title: string, body: string, brand: VisitorBrand | null): { html: string; headers: Record<string, string> } {
  const style = styleFor(brand);
  const html = cardPageHtml(title, style, body, brand);
  return { html, headers: visitorPageHeaders(style, { images: true, formAction: 'self', referrer: 'no-referrer' }) };
}

const sentValues = (sent: SubmittedAnswers, id: string): string[] => {
  const value = Object.hasOwn(sent, id) ? sent[id] : undefined;
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
};

function questionField(question: StoredSurveyQuestion, sent: SubmittedAnswers, error: string | undefined): string {
  const id = escapeHtml(question.id);
  const errorId = `${id}-error`;
  const invalid = error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  const required = question.required ? ' <span class="required" aria-hidden="true">*</span><span class="unseen"> (required)</span>' : '';
  const errorLine = error ? `<p class="error" id="${errorId}" role="alert">${escapeHtml(error)}</p>` : '';
  const values = sentValues(sent, question.id);
  const legend = `<legend>${escapeHtml(question.label)}${required}</legend>`;
  const option = (type: 'radio' | 'checkbox', value: string, text: string) =>
    `<label class="choice"><input type="${type}" name="${id}" value="${escapeHtml(value)}"${values.includes(value) ? ' checked' : ''}>${escapeHtml(text)}</label>`;
  switch (question.type) {
    case 'short_text':
      return (
        `<fieldset${invalid}>${legend}${errorLine}<input type="text" name="${id}" aria-label="${escapeHtml(question.label)}" maxlength="${SURVEY_LIMITS.textAnswer}"` +
        `${question.required ? ' required' : ''}${invalid} value="${escapeHtml(values[0] ?? '')}"></fieldset>`
      );
    case 'single_choice':
      return `<fieldset${invalid}>${legend}${errorLine}${question.options.map((each) => option('radio', each, each)).join('')}</fieldset>`;
    case 'multiple_choice':
      return `<fieldset${invalid}>${legend}${errorLine}${question.options.map((each) => option('checkbox', each, each)).join('')}</fieldset>`;
    case 'rating':
      return `<fieldset${invalid}>${legend}${errorLine}<div class="stars">${['1', '2', '3', '4', '5'].map((stars) => option('radio', stars, `${stars}★`)).join('')}</div></fieldset>`;
  }
}

/** The form: title, description, each question with its error and what was sent kept, the hidden trap field, the button. */
export function surveyForm(
  survey: { title: string; description: string; questions: readonly StoredSurveyQuestion[] },
  sent: SubmittedAnswers = {},
  errors: Readonly<Record<string, string>> = {},
): string {
  const summary = Object.keys(errors).length ? '<p class="error" role="alert">Some answers need another look: see the notes below.</p>' : '';
  return (
    `<h1>${escapeHtml(survey.title)}</h1>${survey.description ? `<p>${escapeHtml(survey.description)}</p>` : ''}${summary}` +
    '<form method="post">' +
    survey.questions.map((question) => questionField(question, sent, errors[question.id])).join('') +
    `<div class="trap" aria-hidden="true"><label>Leave this empty<input type="text" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>` +
    '<button type="submit">Send answers</button></form>'
  );
}
