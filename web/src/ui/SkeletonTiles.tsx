/** Four stat tiles while their figures load; hidden from screen readers (the page's status line speaks). */
export function SkeletonTiles({ className }: { className?: string }) {
  return (
    <div className={className ? `tiles ${className}` : 'tiles'} aria-hidden="true">
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="tile">
          <span className="skeleton" style={{ width: '5.5rem', height: '0.875rem' }} />
          <span className="skeleton" style={{ width: '4rem', height: '2rem', marginTop: 'var(--space-2)' }} />
        </div>
      ))}
    </div>
  );
}
