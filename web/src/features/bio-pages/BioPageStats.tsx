import { useId } from 'react';
import { useQuery } from '../../api/query.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { bioPagesApi, type BioPage } from './bio-pages-api.ts';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** A page's views and the clicks of each link it lists, within the plan's retention (docs/pages.md#link-in-bio-pages). */
export function BioPageStats({ workspaceId, page }: { workspaceId: number; page: BioPage }) {
  const id = useId();
  const stats = useQuery(['bio-pages', workspaceId, page.id, 'analytics'], () => bioPagesApi.analytics(workspaceId, page.id));
  const data = stats.data;
  return (
    <section className="bio-stats" aria-labelledby={id}>
      <h3 id={id} className="bio-stats__title">
        Views and clicks of {page.title}
      </h3>
      {!data ? <Spinner /> : null}
      {data ? (
        <>
          <p className="bio-stats__totals" data-testid="bio-stats-totals">
            {count(data.total_views, 'view', 'views')} · {count(data.unique_visitors, 'visitor', 'visitors')}
            {data.since ? <span className="bio-stats__window"> (the last {data.retention_days} days, as your plan keeps)</span> : null}
          </p>
          <table className="table bio-stats__table">
            <caption className="visually-hidden">Clicks of each link on the page</caption>
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col" className="num">
                  Clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {data.links.map((link) => (
                <tr key={link.id}>
                  <td>{link.title}</td>
                  <td className="num">{link.clicks.toLocaleString('en-IN')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
