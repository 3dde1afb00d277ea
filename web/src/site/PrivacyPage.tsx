import { Link } from 'react-router';
import { LEGAL_UPDATED, LegalPage } from './LegalPage.tsx';

/**
 * /privacy (public, docs/web-app.md#legal-pages): what the product keeps about people and for
 * how long, as docs/privacy.md describes what it really does.
 */
export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated={LEGAL_UPDATED}>
      <p>
        This page says what this Linkledger service keeps about you and about the people who click your links, why, for how long, and what happens when you
        delete your account. It describes what the software does, not what we hope it does.
      </p>

      <h2>What we keep about you</h2>
      <table className="legal__table">
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Your e-mail address, and your username, full name and phone number if you give them</td>
            <td>To sign you in, to send you sign-in links, receipts and notices, and to show who you are in the app.</td>
          </tr>
          <tr>
            <td>Your password, as a one-way hash (scrypt), never the password itself</td>
            <td>To check it when you sign in.</td>
          </tr>
          <tr>
            <td>Your sessions: when each began and the browser it came from</td>
            <td>So you can see where you are signed in and sign a device out.</td>
          </tr>
          <tr>
            <td>Your links: destination, title, description, dates</td>
            <td>That is the service.</td>
          </tr>
          <tr>
            <td>Your payments: plan, amount, status and receipt number</td>
            <td>To give you what you paid for, and because tax law asks us to keep receipts.</td>
          </tr>
          <tr>
            <td>Your support requests and our answers</td>
            <td>To answer you.</td>
          </tr>
        </tbody>
      </table>
      <p>
        Every change is kept as an entry in a history that is only ever added to. The parts of it that say who you are (your address, names, phone, password
        hash, sessions’ browsers and support messages) are stored encrypted under a key that belongs to your account alone.
      </p>

      <h2>What we keep about people who click your links</h2>
      <p>
        For each click: the time, which link, the country, the site the visitor came from (its host only), the browser, operating system and kind of device, and
        whether it looked like a bot. <strong>We never store a visitor’s IP address.</strong> The address is used at the moment of the click to find the
        country, and, together with the browser’s description, to make a code that lets us count unique visitors that day. That code is made with a random value
        that is thrown away when the day ends; from then on nobody, us included, can tell which visitor it came from.
      </p>

      <h2>What we do not do</h2>
      <ul>
        <li>We do not sell or rent anyone’s data, and we show no advertising.</li>
        <li>
          We use no cookies. The app keeps your sign-in in your browser’s storage, and your e-mail address too when you tick “Remember me”; a social sign-in in
          progress keeps its state there until it ends.
        </li>
        <li>Our server logs hold no e-mail addresses, names, phone numbers, links, support messages or IP addresses.</li>
      </ul>

      <h2>Who else sees data</h2>
      <ul>
        <li>Our e-mail provider, to deliver the messages we send you.</li>
        <li>Our payment provider, when you pay for a plan: it handles your card or UPI details; we never see them.</li>
        <li>Google, Facebook or X, only if you choose to sign in with them: they tell us your verified e-mail address.</li>
      </ul>

      <h2>Your data</h2>
      <p>
        In Settings you can download everything about your account in one file: your profile, links, every click on them, payments, support requests and
        domains. The file is kept for one day and only you can download it.
      </p>

      <h2>Deleting your account</h2>
      <p>
        You can delete your account in Settings. Its key is destroyed at once, so the parts of its history that said who you were can no longer be read by
        anyone; your sessions and API key stop, your links stop redirecting, and your address can be used for a new account. What remains is what cannot name
        you: link records, click counts, the amounts and receipt numbers of payments (kept for tax), and your account’s number. Someone who already knows your
        e-mail address or a username you chose could still learn that it was once used here, because we check that each is unique by a one-way code of it.
        Backups made before you deleted your account still hold its key until they expire; e-mails already sent stay in the mailboxes they went to.
      </p>

      <h2>How long</h2>
      <p>
        Your account’s data is kept while the account exists. Click records are kept for the life of the service, with nothing in them that names you or the
        visitor. Downloads of your data are kept for a day, the random value behind visitor codes for a day.
      </p>

      <h2>Questions</h2>
      <p>
        Ask us anything about your data through <Link to="/support">Support</Link>.
      </p>
    </LegalPage>
  );
}
