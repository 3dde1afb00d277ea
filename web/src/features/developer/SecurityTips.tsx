import { ShieldIcon } from '../../ui/icons.tsx';
import { CardHead } from './CardHead.tsx';

const TIPS = [
  { title: 'Keep it on the server', text: 'Call the API from your backend or scripts. A key in browser code or a mobile app can be read by anyone.' },
  { title: 'Store it as a secret', text: 'Use an environment variable or your platform’s secret store. Never commit it to a repository.' },
  { title: 'Send it in the header', text: 'Prefer the X-API-Key header over the key query parameter: addresses end up in logs and browser history.' },
  { title: 'Regenerate if exposed', text: 'If the key may have leaked, regenerate it. The old key stops working immediately.' },
];

/** Security tips beside the key (docs/developer-api.md#api-keys). */
export function SecurityTips() {
  return (
    <section className="card security-tips" aria-labelledby="security-tips-title">
      <CardHead block="security-tips" id="security-tips-title" icon={<ShieldIcon />} title="Security tips" />
      <ul className="security-tips__list">
        {TIPS.map((tip) => (
          <li key={tip.title}>
            <p className="security-tips__title">{tip.title}</p>
            <p className="security-tips__text">{tip.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
