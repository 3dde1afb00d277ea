import './CopyButton.css';
import { useEffect, useRef, useState } from 'react';
import { CheckIcon, CopyIcon } from './icons.tsx';
import { toast } from './toasts.ts';

/** The copied confirmation lasts 2 seconds (docs/web-app.md#messages-and-toasts). */
const COPIED_MS = 2000;

/** Copies text; `copied` is true for 2 seconds after a copy. A refused clipboard is reported by toast. */
export function useCopy(): { copied: boolean; copy(text: string): Promise<boolean> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast('Copy Failed', 'error', 'Your browser did not allow copying. Select the text and copy it instead.');
      return false;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    return true;
  };
  return { copied, copy };
}

interface CopyButtonProps {
  /** The text copied (read when clicked). */
  text: () => string;
  /** What is copied, for the accessible name ("Copy API key"). */
  label: string;
  variant?: 'secondary' | 'ghost' | 'on-dark';
  size?: 'sm' | 'md';
}

/** A button that copies and reads "Copied" for 2 seconds, announced politely. */
export function CopyButton({ text, label, variant = 'secondary', size = 'md' }: CopyButtonProps) {
  const { copied, copy } = useCopy();
  return (
    <button
      type="button"
      className={`button button--${variant}${size === 'sm' ? ' button--sm' : ''} copy-button`}
      aria-label={copied ? `${label}: copied` : label}
      data-copied={copied}
      onClick={() => void copy(text())}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}
