import { seriousViolations } from '../axe';
import { expect, test, useLanguage } from '../fixtures';
import { seedRestaurant, useSession } from '../seed';

/**
 * The till's trail, in the browser: a waiter cannot void a dish the kitchen started on their own; a manager approves
 * on the waiter's screen; the dish stays on the order struck out with its reason, the kitchen gets a VOID notice,
 * and the owner finds the void, with who approved it, in the audit log.
 */
test('a started dish is voided only with a manager, and the void is on record', async ({ browser, request }) => {
  const r = await seedRestaurant(request);
  const orderId = r.orders.PREPARING; // Dushbara PREPARING (started), baklava still new

  const waiterContext = await browser.newContext();
  const waiter = await waiterContext.newPage();
  await useLanguage(waiter, 'en');
  await waiter.goto('/admin/login');
  await useSession(waiter, r.staff.WAITER, r.owner.eateryId);
  await waiter.goto('/admin/orders');
  const card = waiter.locator(`article[data-order-id="${orderId}"]`);
  await card.getByRole('button', { name: 'Void Dushbara' }).click();

  const dialog = waiter.getByRole('dialog');
  await expect(dialog.getByTestId('void-approval')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Burnt on the grill');
  // The manager's fields are required here: without them nothing is sent.
  await dialog.getByRole('button', { name: 'Void dish' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Manager’s e-mail' })).toHaveAttribute('aria-invalid', 'true');
  // A wrong password is refused by the server.
  await dialog.getByRole('textbox', { name: 'Manager’s e-mail' }).fill(r.owner.email);
  await dialog.getByLabel('Manager’s password').fill('not-the-password-1');
  await dialog.getByRole('button', { name: 'Void dish' }).click();
  await expect(dialog.getByText('The manager’s e-mail and password or PIN are incorrect')).toBeVisible();
  expect(await seriousViolations(waiter)).toEqual([]);
  // The owner approves.
  await dialog.getByLabel('Manager’s password').fill(r.owner.password);
  await dialog.getByRole('button', { name: 'Void dish' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Voided')).toBeVisible();
  await expect(card.getByText('Reason: Burnt on the grill')).toBeVisible();

  // The kitchen sees the VOID notice.
  const kitchenContext = await browser.newContext();
  const kitchen = await kitchenContext.newPage();
  await useLanguage(kitchen, 'en');
  await kitchen.goto('/admin/login');
  await useSession(kitchen, r.staff.KITCHEN_ADMIN, r.owner.eateryId);
  await kitchen.goto('/admin/kitchen');
  await expect(kitchen.getByText(`VOID · Table 2 · #${r.numbers.PREPARING} · Dushbara × 1`)).toBeVisible();

  // The owner reads it in the audit log, with who approved it.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await useLanguage(owner, 'en');
  await owner.goto('/admin/login');
  await useSession(owner, { token: r.owner.token, userId: r.owner.userId }, r.owner.eateryId);
  await owner.goto('/admin/audit');
  const entries = owner.getByRole('main');
  await expect(entries.getByText('Burnt on the grill')).toBeVisible();
  await expect(entries.getByText(/approved by Test Owner/)).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);

  await Promise.all([waiterContext.close(), kitchenContext.close(), ownerContext.close()]);
});
