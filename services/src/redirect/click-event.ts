import { randomUUID } from 'node:crypto';
import { currentVersion, type Clicked, type StreamAppend } from '@linkledger/contracts';

/** The append a redirect makes: one `Clicked` on the link's click stream, by the visitor, at a time. */
export function clickAppend(click: Clicked, at: Date): StreamAppend {
  const id = randomUUID();
  return {
    stream: `clicks-${click.link_id}`,
    expected: 'any',
    events: [
      {
        id,
        type: 'Clicked',
        version: currentVersion.Clicked,
        data: click,
        metadata: { actor: { kind: 'visitor', id: click.visitor_hash }, correlation_id: id, causation_id: id, at: at.toISOString() },
      },
    ],
  };
}
