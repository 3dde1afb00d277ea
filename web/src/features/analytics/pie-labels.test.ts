import { describe, expect, it } from 'vitest';
import { boxFitsSector, fittedLabel, labelBox, pointInSector, sectorCentroid, type RingSector } from './pie-labels.ts';

const FONT = { nameSize: 11, percentSize: 12 };
const RING = { innerRadius: 46, outerRadius: 136 };
const TAU = Math.PI * 2;
/** The sector of a share of the ring starting at `from` (a share too, 0 = 12 o'clock). */
const share = (size: number, from = 0): RingSector => ({ startAngle: from * TAU, endAngle: (from + size) * TAU, ...RING });

describe('where a point lies in a ring sector', () => {
  it('measures angles from 12 o’clock clockwise, as the arcs are drawn', () => {
    const rightQuarter = share(0.25); // 12 to 3 o'clock
    expect(pointInSector(60, -60, rightQuarter, 0)).toBe(true);
    expect(pointInSector(-60, -60, rightQuarter, 0)).toBe(false);
    expect(pointInSector(60, 60, rightQuarter, 0)).toBe(false);
  });

  it('keeps out of the hole, beyond the rim, and the margin along each edge', () => {
    const whole = share(1);
    expect(pointInSector(0, -40, whole, 0)).toBe(false);
    expect(pointInSector(0, -140, whole, 0)).toBe(false);
    expect(pointInSector(0, -48, whole, 0)).toBe(true);
    expect(pointInSector(0, -48, whole, 3)).toBe(false);
    // Just clockwise of the start edge: in, unless the margin is asked for.
    expect(pointInSector(1, -100, share(0.25), 0)).toBe(true);
    expect(pointInSector(1, -100, share(0.25), 3)).toBe(false);
  });

  it('handles a sector that crosses 12 o’clock', () => {
    const acrossTop = share(0.2, 0.9);
    expect(pointInSector(0, -100, acrossTop, 0)).toBe(true);
    expect(pointInSector(0, 100, acrossTop, 0)).toBe(false);
  });
});

describe('which slices carry their label', () => {
  it('the centroid comes first', () => {
    const label = fittedLabel('Direct', '50%', share(0.5, 0.75), FONT);
    const [cx, cy] = sectorCentroid(share(0.5, 0.75));
    expect([label!.x, label!.y]).toEqual([cx, cy]);
  });

  it('a big slice carries the referrer and its percent whole', () => {
    expect(fittedLabel('google.com', '45%', share(0.45), FONT)).toMatchObject({ name: 'google.com', percent: '45%' });
    expect(fittedLabel('news.example.com', '27%', share(0.27, 0.45), FONT)).toMatchObject({ name: 'news.example.com', percent: '27%' });
    expect(fittedLabel('Direct', '100%', share(1), FONT)).toMatchObject({ name: 'Direct', percent: '100%' });
  });

  it('a thin slice carries none: its hover title and the key name it', () => {
    expect(fittedLabel('t.co', '2%', share(0.02), FONT)).toBeNull();
    expect(fittedLabel('news.example.com', '4%', share(0.04, 0.5), FONT)).toBeNull();
  });

  it('a long referrer is shortened with an ellipsis rather than spill out', () => {
    const label = fittedLabel('a-very-long-subdomain.newsletter.example.co.uk', '30%', share(0.3), FONT);
    expect(label?.name.endsWith('…')).toBe(true);
    expect(label!.name.length).toBeLessThan(30);
    expect(label!.name.length).toBeGreaterThanOrEqual(6);
  });

  it('whatever label it gives fits wholly inside its slice', () => {
    for (const size of [0.03, 0.06, 0.1, 0.15, 0.25, 0.4, 0.6]) {
      for (const from of [0, 0.2, 0.45, 0.7, 0.9]) {
        const sector = share(size, from);
        const label = fittedLabel('example.org', '10%', sector, FONT);
        if (label) {
          expect(boxFitsSector(label.x, label.y, label, sector)).toBe(true);
          // A box much wider would cross the slice's edges or rim: the check has teeth.
          expect(boxFitsSector(label.x, label.y, { width: label.width * 2 + 120, height: label.height }, sector)).toBe(false);
        }
      }
    }
  });

  it('a wider name needs a wider box; the box is two lines high', () => {
    const short = labelBox('t.co', '5%', FONT);
    const long = labelBox('duckduckgo.com', '5%', FONT);
    expect(long.width).toBeGreaterThan(short.width);
    expect(short.height).toBeCloseTo(27.6, 1);
  });
});
