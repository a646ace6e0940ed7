import { startFakePrinter, type FakePrinter } from '../../apps/server/test/fake-printer';
import { seriousViolations } from '../axe';
import { createOwner, expect, openDrawer, test, useLanguage } from '../fixtures';
import { createStaff, ok, useSession } from '../seed';

/**
 * A service on paper, against fake network printers (TCP servers in this test that decode ESC/POS): a guest order
 * with grill and bar lines prints one ticket on each; an added dish prints an ADD-ON of that dish alone; a void
 * prints VOID; the grill printer goes off, two orders wait (the kitchen display says so), it comes back and both
 * print once, in order; the receipt prints on the till printer from the receipt page. The admin adds a printer on
 * the printers page and previews a ticket.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

const printerBody = (name: string, port: number, over: object) => ({
  name,
  transport: 'DIRECT',
  host: '127.0.0.1',
  port,
  paper: 80,
  textMode: 'CODEPAGE',
  language: 'az',
  kitchen: false,
  departmentIds: [],
  prebills: false,
  receipts: false,
  reports: false,
  enabled: true,
  ...over,
});

/** The order numbers a printer's jobs name, in the order they came out. */
const numbers = (p: FakePrinter) => p.jobs.map((j) => Number(/№(\d+)/.exec(j.text)?.[1] ?? 0));

let grillPrinter: FakePrinter;
let barPrinter: FakePrinter;
let tillPrinter: FakePrinter;

test.beforeAll(async () => {
  [grillPrinter, barPrinter, tillPrinter] = await Promise.all([
    startFakePrinter(),
    startFakePrinter(),
    startFakePrinter(),
  ]);
});
test.afterAll(async () => {
  await Promise.all([grillPrinter?.close(), barPrinter?.close(), tillPrinter?.close()]);
});

test('a service on paper: station tickets, add-on, void, a printer off and back, the receipt', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createOwner(request, 'Manqal Evi');
  const headers = auth(owner.token);
  const base = `/api/eatery/${owner.eateryId}`;
  const station = async (name: string) =>
    (await ok<{ id: number }>(request.post(`${base}/kitchen-department`, { headers, data: { name } }), 201)).id;
  const grill = await station('Manqal');
  const bar = await station('Bar');
  const categoryId = (
    await ok<{ id: number }>(
      request.post(`${base}/category`, {
        headers,
        multipart: { data: JSON.stringify({ nameAz: 'Yeməklər', nameEn: 'Food', nameRu: 'Еда' }) },
      }),
      201,
    )
  ).id;
  const dish = async (nameAz: string, nameRu: string, price: string, kitchenDepartmentId: number) =>
    (
      await ok<{ dishId: number }>(
        request.post(`${base}/category/${categoryId}/dish`, {
          headers,
          multipart: {
            data: JSON.stringify({ nameAz, nameEn: nameAz, nameRu, price, categoryId, kitchenDepartmentId }),
          },
        }),
        201,
      )
    ).dishId;
  const kebab = await dish('Şiş kabab', 'Шашлык', '9.00', grill);
  const ayran = await dish('Ayran', 'Айран', '1.50', bar);
  const tableId = (await ok<{ id: number }>(request.post(`${base}/table`, { headers, data: { number: '4' } }), 201)).id;
  const waiter = await createStaff(request, owner, 'WAITER', 'Aysel Məmmədova');
  const cashier = await createStaff(request, owner, 'CASHIER', 'Kamran Əliyev');
  const kitchen = await createStaff(request, owner, 'KITCHEN_ADMIN', 'Rəşad Həsənov');
  await openDrawer(request, cashier, owner.eateryId, '20.00');

  // The owner adds the grill printer on the printers page; the bar and till printers through the API.
  const admin = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors: string[] = [];
  admin.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await useLanguage(admin, 'en');
  await admin.goto('/admin/login');
  await useSession(admin, owner, owner.eateryId);
  await admin.goto('/admin/printers');
  await admin.getByRole('button', { name: 'Add printer' }).first().click();
  const form = admin.getByRole('dialog');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Manqal');
  await form.getByLabel('Printer address').fill('127.0.0.1');
  await form.getByRole('textbox', { name: 'Port' }).fill(String(grillPrinter.port));
  await form.getByRole('switch', { name: 'Kitchen tickets' }).check();
  await form.getByRole('combobox', { name: 'Stations' }).click();
  await admin.getByRole('option', { name: 'Manqal' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(admin.getByText('Manqal').first()).toBeVisible();
  await ok(
    request.post(`${base}/printers`, {
      headers,
      data: printerBody('Bar', barPrinter.port, { kitchen: true, departmentIds: [bar], language: 'ru' }),
    }),
    201,
  );
  await ok(
    request.post(`${base}/printers`, {
      headers,
      data: printerBody('Kassa', tillPrinter.port, { prebills: true, receipts: true, reports: true }),
    }),
    201,
  );

  // A guest orders kebab and ayran: one ticket at each station, each with its own line only.
  const guestOrder = async (items: { dishId: number; quantity: number }[]) =>
    ok<{ id: number; number: number; items: { id: number; dishId: number }[] }>(
      request.post(`/api/client/eatery/${owner.eateryId}/table/${tableId}/orders`, { data: { items } }),
      201,
    );
  const first = await guestOrder([
    { dishId: kebab, quantity: 2 },
    { dishId: ayran, quantity: 1 },
  ]);
  const [grillTicket] = await grillPrinter.waitForJobs(1, 15_000);
  const [barTicket] = await barPrinter.waitForJobs(1, 15_000);
  expect(grillTicket.lines).toContain('2 x Şiş kabab');
  expect(grillTicket.text).not.toContain('Ayran');
  expect(grillTicket.text).toContain('YENİ SİFARİŞ');
  expect(barTicket.lines).toContain('1 x Айран');
  expect(barTicket.text).toContain('НОВЫЙ ЗАКАЗ');
  expect(barTicket.text).not.toContain('Шашлык');

  // The waiter adds a kebab: an ADD-ON with that line alone, at the grill alone.
  const added = await ok<{ items: { id: number; dishId: number }[] }>(
    request.post(`${base}/orders/${first.id}/items`, {
      headers: auth(waiter.token),
      data: { dishId: kebab, quantity: 1 },
    }),
    201,
  );
  const [, addon] = await grillPrinter.waitForJobs(2, 15_000);
  expect(addon.lines.filter((l) => / x /.test(l))).toEqual(['1 x Şiş kabab']);
  expect(addon.images.length).toBeGreaterThan(0); // "ƏLAVƏ" has ə: drawn as an image of the line

  // The added kebab is voided: VOID at the grill.
  const addedLine = added.items.filter((i) => i.dishId === kebab).at(-1)!;
  await ok(
    request.delete(`${base}/orders/${first.id}/items/${addedLine.id}`, {
      headers: auth(waiter.token),
      data: { reason: 'Qonaq fikrini dəyişdi' },
    }),
  );
  const [, , voided] = await grillPrinter.waitForJobs(3, 15_000);
  expect(voided.lines).toContain('-1 x Şiş kabab');
  expect(barPrinter.jobs).toHaveLength(1);

  // The grill printer goes off: two orders wait, and the kitchen display says so.
  await grillPrinter.refuse();
  const waiting1 = await guestOrder([{ dishId: kebab, quantity: 1 }]);
  const waiting2 = await guestOrder([{ dishId: kebab, quantity: 3 }]);
  const kds = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  kds.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await useLanguage(kds, 'en');
  await kds.goto('/admin/login');
  await useSession(kds, kitchen, owner.eateryId);
  await kds.goto('/admin/kitchen');
  const banner = kds.getByText(/2 tickets waiting for Manqal/);
  await expect(banner).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(kds)).toEqual([]);

  // It comes back: both print once, in order, and the banner goes.
  await grillPrinter.resume();
  await grillPrinter.waitForJobs(5, 30_000);
  expect(numbers(grillPrinter).slice(3)).toEqual([waiting1.number, waiting2.number]);
  await expect(banner).toBeHidden({ timeout: 20_000 });
  expect(grillPrinter.jobs).toHaveLength(5);

  // The cashier takes the money; the receipt prints on the till printer from the receipt page.
  await ok(
    request.post(`${base}/bill/payments`, {
      headers: auth(cashier.token),
      data: { orderIds: [first.id], method: 'CARD' },
    }),
  );
  const till = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  till.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await useLanguage(till, 'en');
  await till.goto('/admin/login');
  await useSession(till, cashier, owner.eateryId);
  await till.goto(`/admin/receipt?orderIds=${first.id}&restaurantId=${owner.eateryId}`);
  await till.getByRole('button', { name: 'Print on printer' }).click();
  await expect(till.getByText('Sent to printer')).toBeVisible();
  const [receipt] = await tillPrinter.waitForJobs(1, 15_000);
  // The till printer prints in Azerbaijani: figures with a decimal comma; lines with ə (the total's "Cəmi") as images.
  expect(receipt.lines).toContain(`2 x Şiş kabab${' '.repeat(30)}18,00`);
  expect(receipt.text).toContain('fiskal çek deyil');
  expect(errors).toEqual([]);
});
