import { Link } from 'react-router';
import { LEGAL_UPDATED, LegalPage } from './LegalPage.tsx';

/** /terms (public, docs/web-app.md#legal-pages): what using this installation of Linkledger means, in plain words. */
export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated={LEGAL_UPDATED}>
      <p>
        These terms are the agreement between you and the people who run this Linkledger service (“we”). By creating an account you accept them. They are
        written to be read: if something here is unclear, ask us through <Link to="/support">Support</Link>.
      </p>

      <h2>What the service does</h2>
      <p>
        Linkledger turns long web addresses into short links, sends visitors on to the address you chose, and shows you how many people clicked, from where and
        with which browser. You can use it from the dashboard or through its API. Every change you make and every click is recorded, so the history of a link
        can be shown and checked later.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>An account is for one person or one organisation. Give an e-mail address you can read: sign-in links, password resets and receipts go there.</li>
        <li>
          Keep your password and your API key to yourself. What is done with them counts as done by you. Two-step verification is available in Settings, and we
          recommend it.
        </li>
        <li>
          You can delete your account at any time in Settings. What we keep afterwards, and what we cannot keep, is described in the{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </li>
      </ul>

      <h2>What you may not do</h2>
      <ul>
        <li>Send people to pages that deceive them or harm their devices: phishing, malware, fake login pages, scams.</li>
        <li>Use short links to send spam, or to hide where a link goes in order to mislead.</li>
        <li>Link to anything unlawful where you or the visitor are, or that infringes someone else’s rights.</li>
        <li>Try to get around your plan’s limits, the API’s rate limits or the service’s security, or put a load on it that keeps others from using it.</li>
      </ul>
      <p>
        When a link breaks these rules, an administrator may disable it; its visitors then see a notice instead of the destination, and you see the reason. An
        administrator may also suspend an account (its links keep working, it cannot sign in) or ban it (its links stop). We do this to protect visitors and the
        service, and you can ask us about it through Support.
      </p>

      <h2>Plans and payments</h2>
      <ul>
        <li>
          The Free plan costs nothing. Paid plans, their prices in rupees (GST included) and what each allows are listed on the{' '}
          <Link to="/pricing">Pricing</Link> page; the limits shown there are the ones the service enforces.
        </li>
        <li>
          A paid plan runs for the month or year you paid for and does not renew by itself: nothing is charged unless you pay again. If you cancel, the plan
          stays until the end of the period you paid for.
        </li>
        <li>When you reach your plan’s monthly link limit you cannot create more links that month, but the links you have keep working.</li>
        <li>Payments are taken by our payment provider. You get a receipt by e-mail for each payment. Refunds are handled by us through Support.</li>
      </ul>

      <h2>Your links and your data</h2>
      <p>
        The links, titles and descriptions you create remain yours. You allow us to store them and to show them to you and to the visitors of your links as the
        service needs. You can download everything we hold about your account from Settings, and the <Link to="/privacy">Privacy Policy</Link> says what that is
        and how long it is kept.
      </p>

      <h2>Availability</h2>
      <p>
        We work to keep the service running and your data safe. We cannot promise that it will never be interrupted or that a link will always be reachable, and
        we are not liable for losses that come from an interruption, beyond what the law where you live does not allow us to exclude.
      </p>

      <h2>Changes</h2>
      <p>
        When these terms change, this page shows the new text and the date it changed. A plan you have already paid for keeps what it allowed when you paid,
        until its period ends.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms, a disabled link or a payment: write to us through <Link to="/support">Support</Link>.
      </p>
    </LegalPage>
  );
}
