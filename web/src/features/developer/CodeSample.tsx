import { CopyButton } from '../../ui/CopyButton.tsx';

interface CodeSampleProps {
  /** What the sample does, for the copy button's name. */
  title: string;
  language: string;
  /** The code as shown (an API key may be masked here). */
  shown: string;
  /** The code as copied (with the real key). */
  copied?: string;
}

/** A dark code block with its language and a copy button (2-second "Copied"). */
export function CodeSample({ title, language, shown, copied }: CodeSampleProps) {
  return (
    <figure className="code-sample">
      <figcaption className="code-sample__bar">
        <span className="code-sample__language">{language}</span>
        <CopyButton text={() => copied ?? shown} label={`Copy ${language} example: ${title}`} variant="on-dark" size="sm" />
      </figcaption>
      <pre className="code-block code-sample__code" tabIndex={0} aria-label={`${language} example: ${title}`}>
        <code>{shown}</code>
      </pre>
    </figure>
  );
}
