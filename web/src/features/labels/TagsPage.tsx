import './labels.css';
import { Suspense, useId, useState, type FormEvent } from 'react';
import type { TagView } from '@linkledger/contracts';
import { errorText } from '../../api/client.ts';
import { labelsApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { InputField } from '../../ui/Field.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { ClicksChart } from '../analytics/index.ts';
import { ModalFormFooter } from '../../ui/ModalFormFooter.tsx';
import { editLabels } from './edit-labels.ts';
import { FoldersSection } from './FoldersSection.tsx';
import { labelsEdited, useTags } from './label-queries.ts';
import { linksText } from './links-text.ts';
import { RowActions } from './RowActions.tsx';
import { PALETTE_NAMES, tagColorCss } from './tag-colors.ts';
import { TagChip } from './TagChips.tsx';

const COLUMNS = ['Tag', { label: 'Links', className: 'num' }, { label: 'Actions', hidden: true }] as const;

type Dialog = { kind: 'edit' | 'merge' | 'delete'; tag: TagView } | null;

/** The Tags page (docs/links.md#tags-and-folders): every tag with its links, renamed, recoloured, merged or deleted, and its clicks; then the folders. */
export default function TagsPage() {
  const tags = useTags();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [chartOf, setChartOf] = useState<TagView | null>(null);
  const list = tags.data ?? [];
  const close = () => setDialog(null);
  const run = (action: () => Promise<unknown>, done: string) => editLabels(action, done, 'The tag could not be changed. Please try again.');

  return (
    <div className="tags-page stack gap-4">
      <PageHeader title="Tags" subtitle="Your workspace’s tags and folders: rename, recolour, merge or delete them, and see a tag’s clicks." />
      <section className="card">
        {tags.loading ? (
          <Spinner />
        ) : (
          <ListTable
            className="table"
            caption="Tags"
            columns={COLUMNS}
            testId="tags-table"
            empty={list.length ? null : { text: 'No tags yet. Add tags to a link in its Create or Edit dialog.', className: 'empty-row' }}
          >
            {list.map((tag) => (
              <tr key={tag.id} data-tag={tag.name}>
                <td>
                  <TagChip name={tag.name} color={tag.color} />
                </td>
                <td className="num">{linksText(tag.link_count)}</td>
                <td>
                  <RowActions
                    actions={[
                      { label: 'Clicks', ariaLabel: `Clicks of ${tag.name}`, onClick: () => setChartOf(tag) },
                      { label: 'Edit', ariaLabel: `Edit ${tag.name}`, onClick: () => setDialog({ kind: 'edit', tag }) },
                      { label: 'Merge', ariaLabel: `Merge ${tag.name}`, onClick: () => setDialog({ kind: 'merge', tag }), disabled: list.length < 2 },
                      { label: 'Delete', ariaLabel: `Delete ${tag.name}`, onClick: () => setDialog({ kind: 'delete', tag }), danger: true },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>
      {chartOf ? <TagClicks key={chartOf.id} tag={chartOf} /> : null}
      <FoldersSection />
      <Modal title="Edit Tag" open={dialog?.kind === 'edit'} onClose={close}>
        {dialog?.kind === 'edit' ? <EditTagForm key={dialog.tag.id} tag={dialog.tag} onDone={close} /> : null}
      </Modal>
      <Modal title="Merge Tag" open={dialog?.kind === 'merge'} onClose={close}>
        {dialog?.kind === 'merge' ? (
          <MergeTagForm
            tag={dialog.tag}
            others={list.filter((each) => each.id !== dialog.tag.id)}
            onMerge={(into) => run(() => labelsApi.mergeTag(dialog.tag.id, into.id), `${dialog.tag.name} merged into ${into.name}`).then(close)}
            onCancel={close}
          />
        ) : null}
      </Modal>
      <ConfirmModal
        open={dialog?.kind === 'delete'}
        title="Delete Tag"
        confirmLabel="Delete Tag"
        onClose={close}
        onConfirm={() => (dialog ? run(() => labelsApi.deleteTag(dialog.tag.id), 'Tag deleted') : undefined)}
      >
        {dialog ? (
          <p>
            Delete the tag <strong>{dialog.tag.name}</strong>? {linksText(dialog.tag.link_count)} will no longer show it; the links themselves stay as they are.
          </p>
        ) : null}
      </ConfirmModal>
    </div>
  );
}

function EditTagForm({ tag, onDone }: { tag: TagView; onDone(): void }) {
  const id = useId();
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = { ...(name.trim() !== tag.name ? { name: name.trim() } : {}), ...(color !== tag.color ? { color } : {}) };
    if (Object.keys(changes).length === 0) return onDone();
    setBusy(true);
    try {
      await labelsApi.changeTag(tag.id, changes);
      await labelsEdited();
      toast('Tag Saved', 'success');
      onDone();
    } catch (failure) {
      setError(errorText(failure, 'The tag could not be saved. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <InputField id={`${id}-name`} label="Name" name="name" required maxLength={50} value={name} onValue={setName} error={error} disabled={busy} />
      <fieldset className="field">
        <legend className="field__label">Colour</legend>
        <div className="tags-page__swatches">
          {PALETTE_NAMES.map((each) => (
            <button
              key={each}
              type="button"
              className="tags-page__swatch"
              style={{ background: tagColorCss(each) }}
              aria-label={each}
              aria-pressed={color === each}
              onClick={() => setColor(each)}
              disabled={busy}
            />
          ))}
          <input
            type="color"
            aria-label="Another colour"
            value={tagColorCss(color)}
            onChange={(event) => setColor(event.target.value.toLowerCase())}
            disabled={busy}
          />
        </div>
      </fieldset>
      <ModalFormFooter busy={busy} label="Save Tag" busyLabel="Saving…" onCancel={onDone} />
    </form>
  );
}

function MergeTagForm({ tag, others, onMerge, onCancel }: { tag: TagView; others: TagView[]; onMerge(into: TagView): Promise<void>; onCancel(): void }) {
  const id = useId();
  const [into, setInto] = useState(others[0]?.id ?? 0);
  const [busy, setBusy] = useState(false);
  const target = others.find((each) => each.id === into);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target) return;
    setBusy(true);
    await onMerge(target);
  };
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <p>
        Every link tagged <strong>{tag.name}</strong> ({linksText(tag.link_count)}) will carry the tag you choose instead, and <strong>{tag.name}</strong> goes
        away.
      </p>
      <SelectField
        id={`${id}-into`}
        label="Merge into"
        value={into}
        options={others.map((each) => ({ value: each.id, label: each.name }))}
        onChange={setInto}
      />
      <ModalFormFooter busy={busy} label="Merge Tags" busyLabel="Merging…" onCancel={onCancel} />
    </form>
  );
}

/** A tag's clicks per day over the last 30 days, across every link carrying it. */
function TagClicks({ tag }: { tag: TagView }) {
  const analytics = useQuery(['labels', 'tag-analytics', tag.id], () => labelsApi.tagAnalytics(tag.id));
  const today = new Date().toISOString().slice(0, 10);
  return (
    <section className="card stack" aria-label={`Clicks of ${tag.name}`} data-testid="tag-clicks">
      <div className="cluster cluster--between">
        <h2 className="card__title">
          Clicks of <TagChip name={tag.name} color={tag.color} />
        </h2>
        {analytics.data ? (
          <p className="field__hint">
            {analytics.data.total_clicks.toLocaleString('en-US')} clicks in 30 days, over {linksText(analytics.data.link_count)}
          </p>
        ) : null}
      </div>
      {analytics.error ? <p className="banner banner--error">{errorText(analytics.error, 'The clicks could not be read. Please try again.')}</p> : null}
      {analytics.data ? (
        <Suspense fallback={<Spinner />}>
          <ClicksChart days={analytics.data.clicks_by_date} today={today} />
        </Suspense>
      ) : null}
    </section>
  );
}
