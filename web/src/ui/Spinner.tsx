import './Spinner.css';

/** A decorative spinner: the surrounding text says what is happening. */
export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}
