import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';

// The accessibility checks of every other spec trust seriousViolations() to find what is wrong; here it must find
// two known faults on a page made for it, and nothing on the same page with them fixed.
test('the axe check finds low contrast and an image without a text alternative', async ({ page }) => {
  const faulty = `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
    <h1>Menu</h1>
    <p style="color:#bbb;background:#fff">Dolma, 6.50 AZN</p>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="40" height="40">
  </main></body></html>`;
  await page.setContent(faulty);
  const found = await seriousViolations(page);
  expect(found.find((line) => line.startsWith('color-contrast (serious'))).toBeTruthy();
  expect(found.find((line) => line.startsWith('image-alt (critical'))).toBeTruthy();

  await page.setContent(faulty.replace('color:#bbb', 'color:#333').replace('<img ', '<img alt="Dolma" '));
  expect(await seriousViolations(page)).toEqual([]);
});
