import { useState } from 'react';
import { Link } from 'react-router';
import type { Survey } from '@linkledger/contracts';
import { ApiError, errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { toast } from '../../ui/toasts.ts';
import { UpgradePrompt } from '../domains/index.ts';
import { useWorkspaceAccess } from '../workspaces/index.ts';
import { SURVEYS_QUERY, surveysApi } from './surveys-api.ts';
import { useSurveyWorkspace } from './useSurveyWorkspace.ts';
import './surveys.css';

const COLUMNS = [{ label: 'Survey' }, { label: 'Address' }, { label: 'State' }, { label: 'Responses' }, { label: 'Actions' }] as const;

/**
 * /surveys: the workspace's surveys with their response counts (docs/pages.md#surveys); a
 * writer builds, edits and deletes them, a reader opens their results. A plan without surveys
 * shows the upgrade note the server answers with.
 */
export default function SurveysPage() {
  const workspaceId = useSurveyWorkspace();
  const access = useWorkspaceAccess();
  const list = useQuery([...SURVEYS_QUERY, workspaceId], () => surveysApi.list(workspaceId!), { enabled: workspaceId !== undefined });
  const [deleting, setDeleting] = useState<Survey | null>(null);
  const writes = access.allows('links:write');
  const atLimit = list.data ? list.data.limit !== -1 && list.data.surveys.length >= list.data.limit : false;

  if (list.error instanceof ApiError && list.error.status === 403) {
    return (
      <div className="surveys stack">
        <PageHeader title="Surveys" subtitle="Short forms at your own short links" />
        <UpgradePrompt text={errorText(list.error, 'Surveys are not part of your plan.')} />
      </div>
    );
  }

  return (
    <div className="surveys stack">
      <PageHeader title="Surveys" subtitle="Short forms at your own short links: answers, charts and a CSV">
        {writes ? (
          atLimit ? (
            <span className="surveys__limit">Your plan’s limit of {list.data?.limit} surveys is reached.</span>
          ) : (
            <Link className="button button--primary" to="/surveys/new">
              New survey
            </Link>
          )
        ) : null}
      </PageHeader>
      {list.error ? <p className="surveys__error">{errorText(list.error, 'The surveys could not be loaded.')}</p> : null}
      <section className="card">
        <ListTable
          className="table surveys__table"
          caption="Your surveys"
          columns={COLUMNS}
          testId="surveys-table"
          empty={list.data && list.data.surveys.length === 0 ? { text: 'No surveys yet. Build one to ask your audience.', className: 'surveys__empty' } : null}
        >
          {(list.data?.surveys ?? []).map((survey) => (
            <tr key={survey.id}>
              <td className="surveys__title">{survey.title}</td>
              <td>
                <a href={survey.url} target="_blank" rel="noreferrer" className="surveys__address">
                  /{survey.slug}
                </a>
              </td>
              <td>{survey.is_active ? <span className="badge badge--success">Open</span> : <span className="badge badge--warning">Closed</span>}</td>
              <td>{survey.response_count}</td>
              <td className="surveys__actions">
                <Link className="button button--secondary button--sm" to={`/surveys/${survey.id}/results`}>
                  Results
                </Link>
                {writes ? (
                  <>
                    <Link className="button button--ghost button--sm" to={`/surveys/${survey.id}/edit`}>
                      Edit
                    </Link>
                    <button type="button" className="button button--ghost button--sm" onClick={() => setDeleting(survey)}>
                      Delete
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </ListTable>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete survey"
        message="Its form stops answering; its short code stays taken."
        itemName={deleting?.title}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await surveysApi.remove(workspaceId!, deleting!.id);
            toast('Survey deleted');
            await invalidate(SURVEYS_QUERY);
          } catch (failure) {
            toast(errorText(failure, 'The survey could not be deleted.'), 'error');
          }
        }}
      />
    </div>
  );
}
