/** One line of ClickHouse's indented EXPLAIN output (AST or QUERY TREE), with its parent. */
export interface ExplainNode {
  /** The line without its indentation, e.g. `TableIdentifier db.t (alias x)` or `TABLE id: 4, table_name: db.t`. */
  text: string;
  depth: number;
  parent: ExplainNode | null;
}

/** The lines of an EXPLAIN answer as a tree: a child is indented one step deeper than its parent. */
export function parseExplain(output: string): ExplainNode[] {
  const nodes: ExplainNode[] = [];
  const stack: ExplainNode[] = [];
  for (const line of output.split('\n')) {
    if (!line.trim()) continue;
    const depth = line.length - line.trimStart().length;
    while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
    const node: ExplainNode = { text: line.trim(), depth, parent: stack.at(-1) ?? null };
    nodes.push(node);
    stack.push(node);
  }
  return nodes;
}

/** The first word of an AST line: its node kind (`Function`, `TableIdentifier`, `Set`, …). */
export const kindOf = (node: ExplainNode) => node.text.split(/[\s(]/, 1)[0]!;

/** The name an AST line names after its kind: `Function file (children 1)` → `file`. */
export const nameOf = (node: ExplainNode) => node.text.split(/\s+/)[1] ?? '';

/** A `key: value` field of a QUERY TREE line: `TABLE id: 4, alias: __table1, table_name: db.t` → table_name = `db.t`. */
export function fieldOf(node: ExplainNode, key: string): string | null {
  const match = new RegExp(`(?:^|[\\s,])${key}: ([^,]+)`).exec(node.text);
  return match ? match[1]!.trim() : null;
}
