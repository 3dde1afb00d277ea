import { errorText } from '../../api/client.ts';
import { toast } from '../../ui/toasts.ts';
import { labelsEdited } from './label-queries.ts';

/** Runs a change to a tag or folder from its confirmation, says how it went, and reads the labels and links again. */
export async function editLabels(action: () => Promise<unknown>, done: string, failure: string) {
  try {
    await action();
    toast(done, 'success');
  } catch (error) {
    toast('Not Saved', 'error', errorText(error, failure));
  }
  await labelsEdited();
}
