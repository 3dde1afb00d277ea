import { randomUUID } from 'node:crypto';
import type { Clicked, NewEvent } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';

/**
 * Appends `count` clicks on a link straight to the log (thousands in a blink, unlike
 * redirects), cycling through the user agents given; each chunk of 500 is one append.
 * `click` sets more of each click (its destination, rule, variant…); visitors are numbered
 * from `click.visitor_hash` when given.
 */
export async function seedClicks(
  platform: Pick<Platform, 'events' | 'clock'>,
  link: { id: number; owner_id: number },
  count: number,
  userAgents: readonly string[],
  click: Partial<Clicked> = {},
): Promise<number> {
  const visitor = click.visitor_hash ?? 'seed';
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
          ...click,
          visitor_hash: `${visitor}-${i}`,
        },
        metadata: {
          actor: { kind: 'visitor', id: `${visitor}-${i}` },
          correlation_id: randomUUID(),
          causation_id: randomUUID(),
          at: platform.clock().toISOString(),
        },
      });
    }
    position = (await platform.events.append([{ stream: `clicks-${link.id}`, expected: 'any', events }])).position;
  }
  return position;
}
