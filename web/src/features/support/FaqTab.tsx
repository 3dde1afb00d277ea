import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { limitLabel, usePlanCatalogue } from '../billing/index.ts';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

/** Each plan's limits as the catalogue has them now (the same figures the limits are checked against). */
function PlanLimits() {
  const { catalogue } = usePlanCatalogue();
  if (catalogue.state !== 'loaded') return null;
  return (
    <ul className="support-faq__list">
      {catalogue.plans.map((plan) => (
        <li key={plan.name}>
          <strong>{plan.display_name}</strong>: {limitLabel(plan.monthly_links_limit)} links a month, {limitLabel(plan.api_calls_per_minute)} API calls a
          minute, {limitLabel(plan.custom_domains_limit)} custom domains.
        </li>
      ))}
    </ul>
  );
}

const QUESTIONS: Question[] = [
  {
    id: 'plans',
    question: 'What does each plan include?',
    answer: (
      <>
        <p>
          Every plan can shorten links, read analytics, make QR codes and use the API. Pro and Enterprise add CSV export and custom domains. The limits today:
        </p>
        <PlanLimits />
        <p>
          Prices and the full feature lists are on the{' '}
          <Link className="text-link" to="/pricing">
            Pricing page
          </Link>
          ; your own consumption is on{' '}
          <Link className="text-link" to="/limits">
            Usage &amp; Limits
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'link-limit',
    question: 'When does my monthly link count start again?',
    answer: (
      <p>
        Links created in a calendar month (UTC) count against your plan, whether made in the dashboard or through the API, and deleted links still count. The
        count starts again on the 1st of the next month, or changes at once when your plan changes. Links you have already made keep working when you reach the
        limit. The dashboard warns you from 80 percent of the limit.
      </p>
    ),
  },
  {
    id: 'clicks',
    question: 'Why does a link show fewer clicks than I expected?',
    answer: (
      <p>
        A click is a visit that was redirected by an active short link. Link previews that only ask for the headers, and pages a browser loads ahead of time,
        are not clicks. Visits by bots and crawlers are recorded but never counted in any figure. Days, weeks and months in the analytics are UTC ones, so a
        click late in your evening may fall on the next day.
      </p>
    ),
  },
  {
    id: 'domains',
    question: 'How do I serve links from my own domain?',
    answer: (
      <p>
        On Pro or Enterprise, add the domain on{' '}
        <Link className="text-link" to="/custom-domains">
          Custom Domains
        </Link>
        . Publish the TXT record shown there (it carries your domain’s verification token) and point the domain at this service with the A, AAAA or CNAME record
        shown, then press Verify. DNS changes can take up to 24 hours to reach everyone. Once it is verified you can create links on it and make it your active
        domain. Verified domains are checked again every day; if the records disappear, the domain stops serving links until it is verified again.
      </p>
    ),
  },
  {
    id: 'api',
    question: 'How do I use the API?',
    answer: (
      <p>
        Get your key on{' '}
        <Link className="text-link" to="/api-keys">
          API Keys
        </Link>{' '}
        and send it in the <code className="code-inline">X-API-Key</code> header to create links, list them and read a link’s analytics. A cutt.ly-style call
        with the key in the query string works too. Calls are limited per minute by your plan; past the limit you get status 429 and how long to wait.
        Regenerating the key stops the old one at once. The{' '}
        <Link className="text-link" to="/docs">
          API Documentation
        </Link>{' '}
        has examples in curl, JavaScript and Python.
      </p>
    ),
  },
  {
    id: 'payments',
    question: 'How do payments work, and do plans renew by themselves?',
    answer: (
      <p>
        Plans are paid in rupees through Razorpay (UPI, cards, netbanking and wallets, as the checkout offers). Nothing renews by itself: each period is one
        payment, and we e-mail a reminder three days before a paid period ends. If you cancel, the plan stays until the end of the period you paid for. Each
        payment’s receipt is e-mailed to you as a PDF and can be downloaded again from{' '}
        <Link className="text-link" to="/payment-management">
          Payment Management
        </Link>
        . An installation without Razorpay keys runs in test mode: its checkout is clearly labelled as a test, no money moves, and its receipts say they are
        test-mode receipts.
      </p>
    ),
  },
  {
    id: 'data',
    question: 'Can I download my data or delete my account?',
    answer: (
      <p>
        Yes, both from{' '}
        <Link className="text-link" to="/settings">
          Settings
        </Link>
        . Deleting the account cannot be undone: your personal data becomes unreadable, you can no longer sign in and your short links stop working.
      </p>
    ),
  },
  {
    id: 'password',
    question: 'I forgot my password. What now?',
    answer: (
      <p>
        Choose “Forgot password?” on the sign-in screen and enter your e-mail address. The link we send works once, for one hour. Setting the new password signs
        the account out everywhere, so sign in again with it.
      </p>
    ),
  },
  {
    id: 'tickets',
    question: 'Who answers my support request, and how?',
    answer: (
      <p>
        The administrators of this Linkledger installation, most urgent requests first. You get a confirmation by e-mail when you write, and each answer both by
        e-mail and under Your tickets on the Contact tab, where you can reply. Replying to a closed ticket opens it again.
      </p>
    ),
  },
];

/** The faq tab: answers about this product, each one opened on demand. */
export function FaqTab() {
  return (
    <section className="support-faq" aria-label="Frequently asked questions">
      {QUESTIONS.map((item) => (
        <details key={item.id} className="support-faq__item" id={`faq-${item.id}`}>
          <summary className="support-faq__question">{item.question}</summary>
          <div className="support-faq__answer">{item.answer}</div>
        </details>
      ))}
    </section>
  );
}
