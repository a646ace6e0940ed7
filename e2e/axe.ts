import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The accessibility rules every page must meet: WCAG 2.0 A/AA and WCAG 2.1 AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/**
 * Waits until the page stands still: fonts loaded, no skeleton or busy region, no CSS transition running
 * (a modal fading in would be measured half transparent), every open dialog and notification fully opaque. Endless animations (a flashing new order) are
 * not transitions and do not hold it up.
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"]') &&
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running') &&
      // A transition that has not started yet is not in getAnimations(): a dialog mounts transparent and
      // only starts fading in on the next frame. So also wait until every open dialog is fully opaque.
      // Notifications slide and fade the same way.
      [...document.querySelectorAll('[role="dialog"], dialog[open], .mantine-Notification-root')].every((dialog) => {
        for (let el: Element | null = dialog; el; el = el.parentElement) {
          if (Number(getComputedStyle(el).opacity) < 1) return false;
        }
        return true;
      }),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Serious and critical axe violations of the page (or of `include`, e.g. an open dialog) as readable lines:
 * the rule, its impact and node count, then a few nodes with their target and what is wrong (for contrast,
 * the measured ratio and colours).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await settle(page);
  // Legacy mode runs axe.run() in the page itself. The default runs axe in every frame, then opens a blank page per
  // call to merge the results: that page cost about 40 % of the a11y walk's time, and our pages have no
  // cross-origin frames, the only thing it is needed for.
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [
      `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}`,
      ...v.nodes.slice(0, MAX_NODES).map((n) => {
        // The first reason is the telling one (for contrast: the ratio, the colours and the font size).
        const why = (n.failureSummary ?? '').split('\n')[1]?.trim() ?? '';
        const html = n.html.length > 90 ? `${n.html.slice(0, 87)}...` : n.html;
        return `    ${n.target.join(' ')} — ${why} — ${html}`;
      }),
      ...(v.nodes.length > MAX_NODES ? [`    … and ${v.nodes.length - MAX_NODES} more`] : []),
    ]);
}

/** Nodes printed per rule: enough to find the component, short enough to read. */
const MAX_NODES = 6;
