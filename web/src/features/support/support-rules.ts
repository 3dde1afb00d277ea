import type { Priority } from './support-api.ts';

// What the contact form checks before sending (the server checks the same, docs/support.md).

/** The longest subject and message a ticket takes (the server's SUPPORT_SUBJECT_MAX and SUPPORT_MESSAGE_MAX). */
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

export const PRIORITIES: readonly { value: Priority; label: string }[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
  { value: 'urgent', label: 'Urgent' },
];
export const DEFAULT_PRIORITY: Priority = 'medium';

export const priorityLabel = (priority: Priority) => PRIORITIES.find((option) => option.value === priority)?.label ?? priority;

/** Badge tone per priority: the pressing ones stand out. */
export const priorityTone = (priority: Priority) => ({ urgent: 'danger', high: 'warning', medium: 'info', low: 'neutral' })[priority];

export interface TicketForm {
  subject: string;
  priority: Priority;
  message: string;
}

export type FormErrors = Partial<Record<'subject' | 'message', string>>;

/** The form's problems, in the server's own words; empty when it can be sent. */
export function formErrors(form: Pick<TicketForm, 'subject' | 'message'>): FormErrors {
  const errors: FormErrors = {};
  if (!form.subject.trim()) errors.subject = 'Please enter a subject.';
  if (!form.message.trim()) errors.message = 'Please enter a message.';
  return errors;
}
