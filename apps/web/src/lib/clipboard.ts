// Copying text for the user to paste elsewhere. The Clipboard API needs a secure context, which a
// portal opened over plain http inside a messaging app's browser is not, so the selection-and-copy
// way stays as fallback. Answers whether the text was copied; the caller says so in its own words.
export async function copyText(text: string): Promise<boolean> {
  return (await viaClipboardApi(text)) || viaSelection(text);
}

async function viaClipboardApi(text: string): Promise<boolean> {
  if (!window.isSecureContext || !navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function viaSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
