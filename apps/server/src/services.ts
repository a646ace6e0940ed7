import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { AssignmentsService } from './modules/assignments/assignments.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { BillsService } from './modules/bills/bills.service.js';
import { CallsService, type CallEventSink } from './modules/calls/calls.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { CategoriesService } from './modules/categories/categories.service.js';
import { DepartmentsService } from './modules/departments/departments.service.js';
import { DishesService } from './modules/dishes/dishes.service.js';
import { EateriesService } from './modules/eateries/eateries.service.js';
import { GuestService } from './modules/guest/guest.service.js';
import { ImagesService } from './modules/images/images.service.js';
import { OrderCommands, type OrderEventSink } from './modules/orders/order-commands.js';
import { OrderQueries } from './modules/orders/order-queries.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { TablesService } from './modules/tables/tables.service.js';
import { UsersService, type StaffSessions } from './modules/users/users.service.js';

/**
 * Every service of the app, built once, here: services never `new` one another, they get the ones they use as
 * constructor parameters. app.ts puts the result on `app.services` for the routes, with app.realtime as `events`;
 * a script (the demo seed) may build its own, with order events going nowhere and no live sessions to end.
 */
export function createServices(
  db: Db,
  config: AppConfig,
  events: OrderEventSink & Partial<StaffSessions & CallEventSink>,
) {
  const dishes = new DishesService(db);
  const categories = new CategoriesService(db, dishes);
  const orderQueries = new OrderQueries(db);
  const orderCommands = new OrderCommands(db, events);
  return {
    auth: new AuthService(db, config),
    eateries: new EateriesService(db),
    tables: new TablesService(db),
    users: new UsersService(db, { endUserSessions: (userId) => events.endUserSessions?.(userId) }),
    assignments: new AssignmentsService(db),
    departments: new DepartmentsService(db),
    images: new ImagesService(db),
    categories,
    dishes,
    catalog: new CatalogService(db, categories, dishes),
    orderQueries,
    orderCommands,
    guest: new GuestService(db, orderQueries, orderCommands),
    bills: new BillsService(db, orderCommands.writer),
    calls: new CallsService(db, { emitCallEvent: (...event) => events.emitCallEvent?.(...event) }),
    reports: new ReportsService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
