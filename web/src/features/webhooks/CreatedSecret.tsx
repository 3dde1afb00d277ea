import { WEBHOOK_SIGNATURE_HEADER } from '@linkledger/contracts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { VERBATIM_INPUT } from '../../ui/Field.tsx';
import type { CreatedWebhook } from './webhooks-api.ts';

/** The signing secret of a webhook just made: shown this once, with copy, until Done. */
export function CreatedSecret({ created, onDone }: { created: CreatedWebhook; onDone(): void }) {
  return (
    <div className="banner banner--success webhooks__secret" role="status">
      <div className="stack gap-2 webhooks__secret-body">
        <p className="banner__body">
          <strong>{created.name}</strong> was created. Copy its signing secret now: you won’t see it again. Your receiver checks each delivery’s{' '}
          <code className="code-inline">{WEBHOOK_SIGNATURE_HEADER}</code> header with it.
        </p>
        <div className="cluster webhooks__secret-row">
          <label htmlFor="webhook-secret-new" className="visually-hidden">
            Signing secret
          </label>
          <input id="webhook-secret-new" className="input webhooks__secret-value" readOnly value={created.secret} {...VERBATIM_INPUT} />
          <CopyButton text={() => created.secret} label="Copy the signing secret" />
          <button type="button" className="button button--secondary" onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
