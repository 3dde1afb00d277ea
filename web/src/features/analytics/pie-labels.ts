/**
 * Which slices of the referrers ring can carry their label (referrer and whole percent)
 * inside them (docs/analytics.md): the label's box, centred at a point along the slice's
 * middle (its centroid first), must lie wholly inside the slice's part of the ring, clear
 * of its edges. Text is not measured
 * (this runs before anything is drawn, and in tests): widths are estimated per character
 * on the generous side, so an estimate that fits is a drawing that fits.
 */

/** A slice of a ring, as d3/visx give it: angles in radians from 12 o'clock, clockwise. */
export interface RingSector {
  startAngle: number;
  endAngle: number;
  innerRadius: number;
  outerRadius: number;
}

interface LabelFont {
  /** Size of the referrer's line, px. */
  nameSize: number;
  /** Size of the percent's line (bold), px. */
  percentSize: number;
}

interface SliceLabel {
  /** The referrer as shown: whole, or shortened with an ellipsis to fit. */
  name: string;
  percent: string;
  width: number;
  height: number;
  /** The centre of the label's box (origin at the ring's centre, y down). */
  x: number;
  y: number;
}

/** Room kept between a label and the slice's edges, px. */
const LABEL_MARGIN = 3;
/** Average advance of a character as a share of the font size, on the wide side (bold a little wider). */
const CHAR_WIDTH = 0.6;
const BOLD_CHAR_WIDTH = 0.68;
const LINE_HEIGHT = 1.2;
/** The fewest characters of a referrer worth showing before the ellipsis. */
const MIN_NAME_CHARS = 5;
const TAU = Math.PI * 2;

const normalised = (angle: number) => ((angle % TAU) + TAU) % TAU;

/** The estimated box of a two-line label: the referrer above, its percent below. */
export function labelBox(name: string, percent: string, font: LabelFont): { width: number; height: number } {
  const width = Math.max([...name].length * font.nameSize * CHAR_WIDTH, [...percent].length * font.percentSize * BOLD_CHAR_WIDTH);
  return { width, height: (font.nameSize + font.percentSize) * LINE_HEIGHT };
}

/** Whether a point (x right, y down, origin at the ring's centre) lies in the sector, `margin` px inside its edges. */
export function pointInSector(x: number, y: number, sector: RingSector, margin: number): boolean {
  const radius = Math.hypot(x, y);
  if (radius < sector.innerRadius + margin || radius > sector.outerRadius - margin) return false;
  const span = sector.endAngle - sector.startAngle;
  if (span >= TAU - 1e-9) return true;
  // Measured the way the arc is drawn: from 12 o'clock, clockwise.
  const angle = normalised(Math.atan2(x, -y) - sector.startAngle);
  const inset = margin / radius;
  return angle >= inset && angle <= span - inset;
}

/**
 * Whether a box of this size centred at (cx, cy) lies inside the sector: its corners and
 * points along its edges (every few pixels) are tested, since a ring's inner edge curves in.
 */
export function boxFitsSector(cx: number, cy: number, box: { width: number; height: number }, sector: RingSector, margin = LABEL_MARGIN): boolean {
  const left = cx - box.width / 2;
  const top = cy - box.height / 2;
  const steps = (length: number) => Math.max(1, Math.ceil(length / 4));
  const across = steps(box.width);
  const down = steps(box.height);
  for (let i = 0; i <= across; i++) {
    const x = left + (box.width * i) / across;
    if (!pointInSector(x, top, sector, margin) || !pointInSector(x, top + box.height, sector, margin)) return false;
  }
  for (let j = 0; j <= down; j++) {
    const y = top + (box.height * j) / down;
    if (!pointInSector(left, y, sector, margin) || !pointInSector(left + box.width, y, sector, margin)) return false;
  }
  return true;
}

/** The centroid of a ring sector: mid-angle, mid-radius. */
export function sectorCentroid(sector: RingSector): [number, number] {
  return pointAt(sector, 0.5);
}

/** The point at a share of the sector's angle and a share of the ring's thickness (0 inner edge, 1 outer). */
function pointAt(sector: RingSector, along: number, across = 0.5): [number, number] {
  const angle = sector.startAngle + (sector.endAngle - sector.startAngle) * along;
  const radius = sector.innerRadius + (sector.outerRadius - sector.innerRadius) * across;
  return [radius * Math.sin(angle), -radius * Math.cos(angle)];
}

/**
 * Where in the slice a label is tried, best first: its centroid, then further along either
 * way and nearer either edge of the ring (a wide slice near 3 or 9 o'clock has room for a
 * line of text only where the ring runs across, towards 12 or 6).
 */
const ALONG = [0.5, 0.4, 0.6, 0.3, 0.7, 0.35, 0.65, 0.25, 0.75, 0.2, 0.8, 0.15, 0.85];
const ACROSS = [0.5, 0.4, 0.6, 0.3, 0.7];
const PLACES = ALONG.flatMap((along) => ACROSS.map((across) => [along, across] as const));

/**
 * The label a slice carries inside it: the referrer whole if it fits somewhere in the slice,
 * else shortened with an ellipsis (keeping at least a few characters); null when even that
 * does not fit, and the slice is then named by its hover title and the key beside the ring.
 */
export function fittedLabel(referrer: string, percent: string, sector: RingSector, font: LabelFont): SliceLabel | null {
  const characters = [...referrer];
  for (let keep = characters.length; keep >= Math.min(MIN_NAME_CHARS, characters.length); keep--) {
    const name = keep === characters.length ? referrer : `${characters.slice(0, keep).join('')}…`;
    const box = labelBox(name, percent, font);
    for (const [along, across] of PLACES) {
      const [x, y] = pointAt(sector, along, across);
      if (boxFitsSector(x, y, box, sector)) return { name, percent, ...box, x, y };
    }
  }
  return null;
}
