// @ts-check
import { dirname, relative, resolve, sep } from 'node:path';

/*
 * The server's folder rule (docs/architecture.md#dependency-rules):
 * - the shared layers (`commands`, `http`, `platform`, `stores`, `mail`, `throttling`, `formats`,
 *   `types`, `supervisor`) import no feature;
 * - a feature imports another feature only through its `index.ts`, and only along an edge the
 *   architecture page lists;
 * - the composition root (`server`) and the test helpers (`testing`) may import anything, and
 *   nothing but they imports the composition root.
 * Test files (`*.test.ts`, `*.contract.ts`) may reach whatever they test against, as `testing/` does.
 */

export const SHARED_LAYERS = new Set(['commands', 'http', 'platform', 'stores', 'mail', 'throttling', 'formats', 'types', 'supervisor']);
const COMPOSITION = new Set(['server', 'testing']);
const TEST_FILE = /\.(test|contract)\.[cm]?[jt]sx?$/;

/**
 * The feature edges of the "Dependency rules" section of docs/architecture.md: one line per
 * feature, "- `from` → `to`, `to`…".
 * @param {string} markdown
 * @returns {Record<string, string[]>}
 */
export function featureEdgesOf(markdown) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Dependency rules'));
  if (!section) throw new Error('docs/architecture.md has no "Dependency rules" section');
  /** @type {Record<string, string[]>} */
  const edges = {};
  for (const line of section.split('\n')) {
    const edge = /^\s*- `([a-z-]+)` → (.+)$/.exec(line);
    if (edge) edges[edge[1]] = [...edge[2].matchAll(/`([a-z-]+)`/g)].map((name) => name[1]);
  }
  return edges;
}

/** Where a file sits: its top folder under the source root ('' for a file at the root). */
function placeOf(file, sourceRoot) {
  const parts = relative(sourceRoot, file).split(sep);
  if (parts[0] === '..') return null;
  return parts.length > 1 ? { folder: parts[0], inside: parts.slice(1).join('/') } : { folder: '', inside: parts[0] };
}

const isFeature = (folder) => folder !== '' && !SHARED_LAYERS.has(folder) && !COMPOSITION.has(folder);

/** @type {import('eslint').Rule.RuleModule} */
export const serviceLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Shared layers import no feature; features import each other through their index, along the listed edges.' },
    schema: [
      {
        type: 'object',
        properties: {
          sourceRoot: { type: 'string' },
          edges: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['sourceRoot', 'edges'],
        additionalProperties: false,
      },
    ],
    messages: {
      layerOnFeature:
        "The shared '{{layer}}' layer may not depend on the {{feature}} feature: move what it needs into a shared layer, or hand it in from server/.",
      throughIndex: "'{{from}}' reaches into the {{feature}} feature: import from its index.ts instead.",
      unlistedEdge:
        'The {{feature}} feature may not depend on the {{target}} feature: docs/architecture.md#dependency-rules does not list that edge (add it there if the dependency is right).',
      onComposition: "Only the composition root and tests import server/: '{{from}}'.",
    },
  },
  create(context) {
    const { sourceRoot: root, edges } = context.options[0];
    const sourceRoot = resolve(context.cwd, root);
    const file = context.filename;
    const here = placeOf(file, sourceRoot);
    if (!here || COMPOSITION.has(here.folder) || TEST_FILE.test(file)) return {};

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = placeOf(resolve(dirname(file), source.value), sourceRoot);
      if (!target || target.folder === here.folder) return;
      if (target.folder === 'server') {
        context.report({ node: source, messageId: 'onComposition', data: { from: source.value } });
        return;
      }
      if (!isFeature(target.folder)) return;
      if (!isFeature(here.folder)) {
        context.report({ node: source, messageId: 'layerOnFeature', data: { layer: here.folder || 'root', feature: target.folder } });
      } else if (target.inside !== 'index.ts') {
        context.report({ node: source, messageId: 'throughIndex', data: { from: source.value, feature: target.folder } });
      } else if (!(edges[here.folder] ?? []).includes(target.folder)) {
        context.report({ node: source, messageId: 'unlistedEdge', data: { feature: here.folder, target: target.folder } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'service-layers': serviceLayers } };
