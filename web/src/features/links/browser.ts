import { toast } from '../../ui/toasts.ts';

/** Puts text on the clipboard; an older browser or an insecure page falls back to a hidden textarea. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('The browser refused to copy');
}

/** Copies with the copy toasts (docs/web-app.md#messages-and-toasts): "URL Copied!" or "Copy Failed". */
export async function copyWithToast(text: string, description?: string): Promise<boolean> {
  try {
    await writeClipboard(text);
    toast('URL Copied!', 'success', description);
    return true;
  } catch (error) {
    console.error('Copy failed', error);
    toast('Copy Failed', 'error', 'Your browser did not allow copying. Select the link and copy it yourself.');
    return false;
  }
}
