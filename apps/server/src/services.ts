import type { AppConfig } from './config.js';
import type { ChangePublisher } from './data-changes.js';
import type { Db } from './db/client.js';
import { createMailer, noLog, type MailLog } from './mail/mailer.js';
import { AuditService } from './modules/audit/audit.service.js';
import { AssignmentsService } from './modules/assignments/assignments.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import type { LiveSessions } from './modules/auth/end-sessions.js';
import { BillsService } from './modules/bills/bills.service.js';
import { CallsService, type CallEventSink } from './modules/calls/calls.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { CategoriesService } from './modules/categories/categories.service.js';
import { DepartmentsService } from './modules/departments/departments.service.js';
import { DevicesService } from './modules/devices/devices.service.js';
import { StaffPinsService } from './modules/devices/staff-pins.service.js';
import { DishesService } from './modules/dishes/dishes.service.js';
import { DrawersService } from './modules/drawers/drawers.service.js';
import { EateriesService } from './modules/eateries/eateries.service.js';
import { GuestService } from './modules/guest/guest.service.js';
import { ImagesService } from './modules/images/images.service.js';
import { MenuTransferService } from './modules/menu-transfer/menu-transfer.service.js';
import { OrderCommands, type OrderEventSink } from './modules/orders/order-commands.js';
import { OrderQueries } from './modules/orders/order-queries.js';
import { PrintersService } from './modules/printing/printers.service.js';
import { PickupService } from './modules/pickup/pickup.service.js';
import { PasswordResetService } from './modules/password-reset/password-reset.service.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { TableMovesService } from './modules/table-moves/table-moves.service.js';
import { TablesService } from './modules/tables/tables.service.js';
import { UsersService } from './modules/users/users.service.js';

/**
 * Every service of the app, built once, here: services never `new` one another, they get the ones they use as
 * constructor parameters. app.ts puts the result on `app.services` for the routes, with app.realtime as `events`
 * (order events, published changes, live sessions); a script (the demo seed) may build its own, with events and
 * changes going nowhere and no live sessions to end. `log`: where mail goes without SMTP_URL, and failed mail.
 */
export function createServices(
  db: Db,
  config: AppConfig,
  events: OrderEventSink & ChangePublisher & Partial<LiveSessions & CallEventSink>,
  log: MailLog = noLog,
) {
  const dishes = new DishesService(db, events, config.tenantLimits);
  const categories = new CategoriesService(db, dishes, events, config.tenantLimits);
  const orderQueries = new OrderQueries(db);
  const orderCommands = new OrderCommands(db, events);
  // Sockets to close when sessions end; none without a realtime server (a script).
  const sessions: LiveSessions = {
    endUserSessions: (userId) => events.endUserSessions?.(userId),
    endSession: (sessionId) => events.endSession?.(sessionId),
  };
  const services = {
    auth: new AuthService(db, config, events, sessions),
    eateries: new EateriesService(db, events),
    tables: new TablesService(db, events, config.tenantLimits),
    users: new UsersService(db, sessions, events, config.passwordHashCost, config.tenantLimits),
    assignments: new AssignmentsService(db),
    departments: new DepartmentsService(db, events),
    images: new ImagesService(db),
    categories,
    dishes,
    catalog: new CatalogService(db, categories, dishes, events),
    menuTransfer: new MenuTransferService(db, categories, dishes, events, config.tenantLimits),
    orderQueries,
    orderCommands,
    guest: new GuestService(db, orderQueries, orderCommands),
    pickup: new PickupService(db, orderCommands),
    bills: new BillsService(db, orderCommands.writer),
    calls: new CallsService(db, { emitCallEvent: (...event) => events.emitCallEvent?.(...event) }),
    reports: new ReportsService(db),
    drawers: new DrawersService(db),
    tableMoves: new TableMovesService(db, orderCommands.writer),
    audit: new AuditService(db),
  };
  return {
    ...services,
    printers: new PrintersService(db, services.bills, services.reports),
    // Registered devices and staff PINs: a PIN signs in through the auth service's sessions.
    devices: new DevicesService(db, config.jwtSecret, events, sessions, services.auth),
    staffPins: new StaffPinsService(db, config.jwtSecret, events, sessions),
    passwordResets: new PasswordResetService(db, config, {
      mailer: createMailer(config, log),
      log,
      changes: events,
      sessions,
      // One bound for every password hash of the process: logins, registrations and resets.
      hashes: services.auth.hashes,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
