/**
 * Opens the provider's page (checkout, customer portal) in a new tab, as the spec asks. The tab is
 * opened at once, inside the click, so popup blockers let it through, and sent to the address when
 * the API has answered. Without a tab (blocked anyway) the current one goes there instead.
 * No dependencies: the landing page imports this without the API client.
 */
export async function openInNewTab(
  address: () => Promise<string>,
  waitingText = 'Opening secure checkout…',
): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    try {
      tab.document.title = waitingText;
      tab.document.body.style.font = '16px system-ui, sans-serif';
      tab.document.body.textContent = waitingText;
    } catch {
      // Not ours to write to: nothing to show while waiting.
    }
  }
  try {
    const url = await address();
    if (tab && !tab.closed) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    // Spec/1 §8: checkout and portal failures are only logged.
    console.error('Could not open the billing page', error);
  }
}
