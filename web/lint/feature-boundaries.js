// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';

/*
 * The web app's folder rule (docs/architecture.md#the-web-app): a feature (`src/features/<name>/`)
 * is used from outside only through its `index.ts`, and the shared layers (`api`, `ui`,
 * `format`, `live`) never depend on a feature nor on the frames (`shell`, `site`) that compose
 * the features: what features share lives in a shared layer.
 */

const SHARED_LAYERS = new Set(['api', 'ui', 'format', 'live']);
const FRAMES = new Set(['shell', 'site']);

/** Where a file sits: a feature's name, a shared layer, or another part of the app. */
function placeOf(file, sourceRoot) {
  const parts = relative(sourceRoot, file).split(sep);
  if (parts[0] === '..') return null;
  if (parts[0] === 'features' && parts.length > 2) return { feature: parts[1], inside: parts.slice(2).join('/') };
  return { layer: parts.length > 1 ? parts[0] : '' };
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features are imported only through their index; shared layers import no feature.' },
    schema: [{ type: 'object', properties: { sourceRoot: { type: 'string' } }, required: ['sourceRoot'], additionalProperties: false }],
    messages: {
      throughIndex: "'{{from}}' reaches into the {{feature}} feature: import from its index.ts instead.",
      sharedLayer: "The shared '{{layer}}' layer may not depend on the {{feature}} feature.",
      sharedOnFrame: "The shared '{{layer}}' layer may not depend on the '{{frame}}' frame: move what it needs into a shared layer.",
    },
  },
  create(context) {
    const sourceRoot = resolve(context.cwd, context.options[0].sourceRoot);
    const file = context.filename;
    const here = placeOf(file, sourceRoot);
    if (!here) return {};

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = placeOf(resolve(dirname(file), source.value), sourceRoot);
      if (!target) return;
      if (target.layer !== undefined && FRAMES.has(target.layer) && here.layer !== undefined && SHARED_LAYERS.has(here.layer)) {
        context.report({ node: source, messageId: 'sharedOnFrame', data: { layer: here.layer, frame: target.layer } });
        return;
      }
      if (!target.feature || target.feature === here.feature) return;
      if (here.layer !== undefined && SHARED_LAYERS.has(here.layer)) {
        context.report({ node: source, messageId: 'sharedLayer', data: { layer: here.layer, feature: target.feature } });
      } else if (target.inside !== 'index.ts') {
        context.report({ node: source, messageId: 'throughIndex', data: { from: source.value, feature: target.feature } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
