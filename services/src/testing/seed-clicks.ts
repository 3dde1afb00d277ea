import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';

/**
 * Appends `count` clicks on a link straight to the log (thousands in a blink, unlike
 * redirects), cycling through the user agents given; each chunk of 500 is one append.
 */
export async function seedClicks(
  platform: Pick<Platform, 'events' | 'clock'>,
  link: { id: number; owner_id: number },
  count: number,
  userAgents: readonly string[],
): Promise<number> {
  let position = 0;
  for (let start = 0; start < count; start += 500) {
    const events: NewEvent[] = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      events.push({
        id: randomUUID(),
        type: 'Clicked',
        version: 1,
        data: {
          link_id: link.id,
          owner_id: link.owner_id,
          link_version: 0,
          destination: 'https://example.com/',
          country: 'IN',
          user_agent: userAgents[i % userAgents.length]!,
          referrer: '',
          source: 'link',
          visitor_hash: `seed-${i}`,
        },
        metadata: { actor: { kind: 'visitor', id: `seed-${i}` }, correlation_id: randomUUID(), causation_id: randomUUID(), at: platform.clock().toISOString() },
      });
    }
    position = (await platform.events.append([{ stream: `clicks-${link.id}`, expected: 'any', events }])).position;
  }
  return position;
}
