import { useId, useState, type FormEvent } from 'react';
import type { FolderView } from '@linkledger/contracts';
import { errorText } from '../../api/client.ts';
import { labelsApi } from '../../api/endpoints.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { InputField } from '../../ui/Field.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ModalFormFooter } from '../../ui/ModalFormFooter.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { editLabels } from './edit-labels.ts';
import { labelsEdited, useFolders } from './label-queries.ts';
import { linksText } from './links-text.ts';
import { RowActions } from './RowActions.tsx';

const COLUMNS = ['Folder', { label: 'Links', className: 'num' }, { label: 'Actions', hidden: true }] as const;

type Dialog = { kind: 'rename' | 'delete'; folder: FolderView } | null;

/** The Tags page's folders (docs/links.md#tags-and-folders): each with its links, renamed or deleted after a confirmation. */
export function FoldersSection() {
  const folders = useFolders();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = folders.data ?? [];
  const close = () => setDialog(null);

  return (
    <section className="card stack" aria-labelledby="folders-title">
      <h2 className="card__title" id="folders-title">
        Folders
      </h2>
      {folders.loading ? (
        <Spinner />
      ) : (
        <ListTable
          className="table"
          caption="Folders"
          columns={COLUMNS}
          testId="folders-table"
          empty={list.length ? null : { text: 'No folders yet. File a link in a folder in its Create or Edit dialog.', className: 'empty-row' }}
        >
          {list.map((folder) => (
            <tr key={folder.id} data-folder={folder.name}>
              <td>{folder.name}</td>
              <td className="num">{linksText(folder.link_count)}</td>
              <td>
                <RowActions
                  actions={[
                    { label: 'Rename', ariaLabel: `Rename ${folder.name}`, onClick: () => setDialog({ kind: 'rename', folder }) },
                    { label: 'Delete', ariaLabel: `Delete folder ${folder.name}`, onClick: () => setDialog({ kind: 'delete', folder }), danger: true },
                  ]}
                />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Modal title="Rename Folder" open={dialog?.kind === 'rename'} onClose={close}>
        {dialog?.kind === 'rename' ? <RenameFolderForm key={dialog.folder.id} folder={dialog.folder} onDone={close} /> : null}
      </Modal>
      <ConfirmModal
        open={dialog?.kind === 'delete'}
        title="Delete Folder"
        confirmLabel="Delete Folder"
        onClose={close}
        onConfirm={() =>
          dialog
            ? editLabels(() => labelsApi.deleteFolder(dialog.folder.id), 'Folder deleted', 'The folder could not be deleted. Please try again.')
            : undefined
        }
      >
        {dialog ? (
          <p>
            Delete the folder <strong>{dialog.folder.name}</strong>? {linksText(dialog.folder.link_count)} will be in no folder; the links themselves stay as
            they are.
          </p>
        ) : null}
      </ConfirmModal>
    </section>
  );
}

function RenameFolderForm({ folder, onDone }: { folder: FolderView; onDone(): void }) {
  const id = useId();
  const [name, setName] = useState(folder.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === folder.name) return onDone();
    setBusy(true);
    try {
      await labelsApi.renameFolder(folder.id, name.trim());
      await labelsEdited();
      toast('Folder Saved', 'success');
      onDone();
    } catch (failure) {
      setError(errorText(failure, 'The folder could not be renamed. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <InputField id={`${id}-name`} label="Name" name="name" required maxLength={100} value={name} onValue={setName} error={error} disabled={busy} />
      <ModalFormFooter busy={busy} label="Save Folder" busyLabel="Saving…" onCancel={onDone} />
    </form>
  );
}
