import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Resource {
  title: string;
  description: string;
  link: ReactNode;
}

const external = (href: string, label: string) => (
  <a className="text-link" href={href} target="_blank" rel="noopener noreferrer">
    {label}
  </a>
);

const RESOURCES: Resource[] = [
  {
    title: 'API Documentation',
    description: 'The public API explained: your key, the X-API-Key header, each call, and ready-to-copy examples in curl, JavaScript and Python.',
    link: (
      <Link className="text-link" to="/docs">
        Open the API Documentation
      </Link>
    ),
  },
  {
    title: 'Interactive API reference',
    description:
      'Every call of the API with its parameters and answers, generated from the same schemas the server checks requests with. You can try calls from the page.',
    link: external('/api/docs', 'Open the interactive reference'),
  },
  {
    title: 'OpenAPI schema',
    description: 'The machine-readable description of the API (OpenAPI 3), for generating a client or importing into your API tool.',
    link: external('/api/openapi.json', 'Download openapi.json'),
  },
  {
    title: 'Service status',
    description: 'Whether this installation and its stores are answering right now.',
    link: external('/api/health', 'Check the status'),
  },
  {
    title: 'Usage & Limits',
    description: 'Your plan, this month’s links and API calls against its limits, and the features it includes.',
    link: (
      <Link className="text-link" to="/limits">
        Open Usage &amp; Limits
      </Link>
    ),
  },
  {
    title: 'Developer Tools',
    description: 'Your API key beside the custom domain and TRAI header your API-created links use.',
    link: (
      <Link className="text-link" to="/developer-tools">
        Open Developer Tools
      </Link>
    ),
  },
];

/** The resources tab: where to read more, each with what it is for. */
export function ResourcesTab() {
  return (
    <ul className="grid grid--fill bare-list support-resources">
      {RESOURCES.map((resource) => (
        <li key={resource.title} className="card stack stack--top gap-2 support-resources__item">
          <h2 className="support-resources__title">{resource.title}</h2>
          <p className="support-resources__text">{resource.description}</p>
          {resource.link}
        </li>
      ))}
    </ul>
  );
}
