import type { Page } from '@playwright/test';

/**
 * Presses Tab `steps` times from wherever focus is and names each element focused on the way that
 * shows no focus indicator: neither an outline nor a box shadow on the element itself or on the
 * ::before or ::after it draws (a card's title button rings the card). `where` prefixes each name.
 * An empty answer means every stop was marked.
 */
export async function tabWithoutFocusRing(page: Page, where: string, steps = 20): Promise<string[]> {
  const unmarked: string[] = [];
  for (let step = 0; step < steps; step += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const ring = [undefined, '::before', '::after'].some((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        return (
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          (style.boxShadow !== 'none' && style.boxShadow !== '')
        );
      });
      return {
        ring,
        name:
          `${element.tagName.toLowerCase()} ` +
          `"${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`,
      };
    });
    if (focus && !focus.ring) unmarked.push(`${where}: ${focus.name}`);
  }
  return unmarked;
}
