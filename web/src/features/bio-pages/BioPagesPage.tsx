import './bio-pages.css';
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { useSubscription } from '../billing/index.ts';
import { UpgradePrompt } from '../domains/index.ts';
import { RoleNotice, useWorkspaceAccess, useWorkspaces } from '../workspaces/index.ts';
import { BioPageEditor } from './BioPageEditor.tsx';
import { BioPageStats } from './BioPageStats.tsx';
import { bioPagesApi, bioPagesChanged, bioPagesQuery, type BioPage } from './bio-pages-api.ts';

const NOT_IN_PLAN = 'Link-in-bio pages are available on the Pro and Enterprise plans. Upgrade to give your audience one page with all your links.';
const CHANGE_PAGES = 'make or change link-in-bio pages';

type Editing = { page: BioPage | null } | null;

/** /bio-pages: the workspace's link-in-bio pages with their views; made and edited in the editor with its live preview. */
export default function BioPagesPage() {
  const { subscription, failed } = useSubscription();
  const { current } = useWorkspaces();
  const hasFeature = subscription?.feature_list.includes('link_in_bio') ?? false;
  return (
    <div className="bio-pages stack gap-4">
      <PageHeader title="Link-in-bio Pages" subtitle="One page with all your links, at an address of its own: every tap is a click of that link." />
      {!subscription && !failed ? <Spinner /> : null}
      {(subscription || failed) && !hasFeature ? <UpgradePrompt text={NOT_IN_PLAN} /> : null}
      {hasFeature && current ? <PagesOf key={current.id} workspaceId={current.id} /> : null}
    </div>
  );
}

function PagesOf({ workspaceId }: { workspaceId: number }) {
  const pages = useQuery(bioPagesQuery(workspaceId), () => bioPagesApi.list(workspaceId));
  const mayChange = useWorkspaceAccess().allows('links:write');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BioPage | null>(null);
  const [statsOf, setStatsOf] = useState<number | null>(null);
  const list = pages.data?.pages ?? [];
  const limit = pages.data?.limit ?? 0;
  const full = limit !== -1 && list.length >= limit;

  if (editing) {
    return <BioPageEditor workspaceId={workspaceId} page={editing.page} onDone={() => setEditing(null)} />;
  }
  const remove = async (page: BioPage) => {
    try {
      await bioPagesApi.remove(workspaceId, page.id);
      await bioPagesChanged();
      toast('Page Deleted', 'success');
    } catch (error) {
      toast('Page Not Deleted', 'error', errorText(error, 'The page could not be deleted. Please try again.'));
    }
  };
  return (
    <>
      <section className="card stack gap-3" aria-labelledby="bio-pages-title">
        <div className="bio-pages__bar">
          <h2 id="bio-pages-title" className="card__title">
            Your pages <span className="bio-pages__count">{limit === -1 ? `${list.length}` : `${list.length} of ${limit}`}</span>
          </h2>
          {mayChange ? (
            <button type="button" className="button button--primary" disabled={full} onClick={() => setEditing({ page: null })}>
              New page
            </button>
          ) : null}
        </div>
        {full && mayChange ? <p className="field__hint">Your plan’s pages are all in use: delete one, or upgrade for more.</p> : null}
        {pages.loading && !pages.data ? <Spinner /> : null}
        {pages.data && list.length === 0 ? <p className="bio-pages__empty">No pages yet. Make one and put its address in your profile.</p> : null}
        <ul className="bio-pages__list">
          {list.map((page) => (
            <li key={page.id} className="bio-pages__item" data-page={page.slug}>
              {page.avatar_url ? (
                <img className="bio-pages__swatch" src={page.avatar_url} alt="" width={44} height={44} />
              ) : (
                <div className="bio-pages__swatch" style={{ background: page.theme.background, color: page.theme.text }} aria-hidden="true">
                  {page.title.slice(0, 1)}
                </div>
              )}
              <div className="bio-pages__what">
                <strong className="bio-pages__title">{page.title}</strong>
                <a href={page.url} target="_blank" rel="noreferrer" className="bio-pages__url">
                  {page.url}
                </a>
                <span className="bio-pages__meta">
                  {page.links.length === 1 ? '1 link' : `${page.links.length} links`} ·{' '}
                  <span data-testid="views">{page.views === 1 ? '1 view' : `${page.views} views`}</span>
                </span>
              </div>
              <div className="bio-pages__actions">
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  aria-label={`Stats of ${page.title}`}
                  aria-expanded={statsOf === page.id}
                  onClick={() => setStatsOf(statsOf === page.id ? null : page.id)}
                >
                  Stats
                </button>
                {mayChange ? (
                  <>
                    <button type="button" className="button button--ghost button--sm" aria-label={`Edit ${page.title}`} onClick={() => setEditing({ page })}>
                      Edit
                    </button>
                    <button type="button" className="button button--danger button--sm" aria-label={`Delete ${page.title}`} onClick={() => setDeleting(page)}>
                      Delete
                    </button>
                  </>
                ) : null}
              </div>
              {statsOf === page.id ? <BioPageStats workspaceId={workspaceId} page={page} /> : null}
            </li>
          ))}
        </ul>
      </section>
      {!mayChange ? <RoleNotice permission="links:write" action={CHANGE_PAGES} /> : null}
      <ConfirmModal
        open={deleting !== null}
        title="Delete Page"
        confirmLabel="Delete Page"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      >
        {deleting ? (
          <p>
            Delete <strong>{deleting.title}</strong>? Its address will answer “page not found”; the links it lists stay as they are.
          </p>
        ) : null}
      </ConfirmModal>
    </>
  );
}
