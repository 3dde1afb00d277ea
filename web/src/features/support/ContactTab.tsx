import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { createdLabel } from '../../format/dates.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { InputField, TextareaField } from '../../ui/Field.tsx';
import { ReplyForm } from './ReplyForm.tsx';
import { supportApi, type SupportTicket } from './support-api.ts';
import { DEFAULT_PRIORITY, MESSAGE_MAX, PRIORITIES, SUBJECT_MAX, formErrors, type FormErrors, type TicketForm } from './support-rules.ts';
import { TicketBadges } from './TicketBadges.tsx';
import { TicketThread } from './TicketThread.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

const TICKETS_QUERY = ['support-tickets'] as const;
const EMPTY: TicketForm = { subject: '', priority: DEFAULT_PRIORITY, message: '' };
const SEND_FAILED = 'Failed to send your message. Please try again.';

/** The contact tab: the support form, then the user's tickets with their replies. */
export function ContactTab() {
  return (
    <div className="support-contact">
      <ContactForm />
      <YourTickets />
    </div>
  );
}

function ContactForm() {
  const id = useId();
  const [form, setForm] = useState<TicketForm>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (change: Partial<TicketForm>) => setForm((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = formErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setStatus(null);
    try {
      const answer = await supportApi.open(form);
      setStatus({ ok: true, text: answer.message });
      setForm(EMPTY);
      await invalidate(TICKETS_QUERY);
    } catch (error) {
      setStatus({ ok: false, text: errorText(error, SEND_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledCard className="support-form" titleId={`${id}-title`} title="Contact support">
      <p className="card__subtitle">Tell us what happened. You get a confirmation by e-mail, and our answer by e-mail and under Your tickets below.</p>
      <form className="support-form__fields" onSubmit={(event) => void submit(event)} noValidate>
        <InputField
          id={`${id}-subject`}
          label="Subject"
          hint={`A few words, up to ${SUBJECT_MAX} characters.`}
          error={errors.subject}
          value={form.subject}
          maxLength={SUBJECT_MAX}
          required
          onValue={(subject) => set({ subject })}
        />
        <SelectField
          id={`${id}-priority`}
          label="Priority"
          value={form.priority}
          options={PRIORITIES}
          onChange={(priority) => set({ priority })}
          className="support-form__priority"
        />
        <TextareaField
          id={`${id}-message`}
          label="Message"
          textareaClassName="textarea support-form__message"
          hint={`${form.message.length.toLocaleString('en-IN')} of ${MESSAGE_MAX.toLocaleString('en-IN')} characters. Include the short link or page concerned, and what you expected to happen.`}
          error={errors.message}
          value={form.message}
          maxLength={MESSAGE_MAX}
          required
          onValue={(message) => set({ message })}
        />
        {status ? (
          <p className={`banner ${status.ok ? 'banner--success' : 'banner--error'}`} role={status.ok ? 'status' : 'alert'}>
            {status.text}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send Message'}
          </button>
        </div>
      </form>
    </TitledCard>
  );
}

function YourTickets() {
  const id = useId();
  const tickets = useQuery(TICKETS_QUERY, supportApi.list);
  const list = tickets.data?.tickets ?? [];
  return (
    <section className="support-tickets" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="support-tickets__title">
        Your tickets
      </h2>
      {tickets.loading ? <p className="support-tickets__note">Loading your tickets…</p> : null}
      {tickets.error !== undefined && !tickets.data ? (
        <div className="banner banner--error" role="alert">
          <p className="banner__body">{errorText(tickets.error, 'Failed to load your tickets.')}</p>
          <button type="button" className="button button--secondary button--sm" onClick={() => void tickets.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      {tickets.data && list.length === 0 ? (
        <p className="support-tickets__note">You have not written to support yet. Tickets you send appear here with our replies.</p>
      ) : null}
      {list.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} />
      ))}
    </section>
  );
}

function TicketCard({ ticket }: { ticket: SupportTicket }) {
  const answered = ticket.replies.filter((reply) => reply.author === 'admin').length;
  return (
    <article className="card stack ticket-card" aria-labelledby={`ticket-${ticket.id}-subject`} data-ticket={ticket.id}>
      <header className="ticket-card__header cluster cluster--between gap-3 cluster--top">
        <div>
          <h3 id={`ticket-${ticket.id}-subject`} className="ticket-card__subject">
            {ticket.subject}
          </h3>
          <p className="ticket-card__meta">
            Ticket #{ticket.id} · opened {createdLabel(ticket.created_at)} ·{' '}
            {answered === 0 ? 'no reply yet' : answered === 1 ? '1 reply from support' : `${answered} replies from support`}
          </p>
        </div>
        <TicketBadges ticket={ticket} />
      </header>
      <TicketThread ticket={ticket} ownerName="You" />
      <ReplyForm
        hint={ticket.status === 'closed' ? 'This ticket is closed. Replying opens it again.' : undefined}
        onSend={async (message) => {
          const answer = await supportApi.reply(ticket.id, message);
          await invalidate(TICKETS_QUERY);
          return answer.message;
        }}
      />
    </article>
  );
}
