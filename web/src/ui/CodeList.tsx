/** Short machine names (scopes, event types) in a row, each set as code; named for screen readers by `label`. */
export function CodeList({ label, items, className }: { label: string; items: readonly string[]; className?: string }) {
  return (
    <ul className={className ? `cluster gap-1 bare-list ${className}` : 'cluster gap-1 bare-list'} aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <code className="code-inline">{item}</code>
        </li>
      ))}
    </ul>
  );
}
