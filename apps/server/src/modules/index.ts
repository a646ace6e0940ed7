import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { configRoutes } from './config/routes.js';
import { eateryRoutes } from './eateries/routes.js';
import { logRoutes } from './logs/routes.js';
import { orderRoutes } from './orders/routes.js';
import { tableRoutes } from './tables/routes.js';
import { userRoutes } from './users/routes.js';
import { assignmentRoutes } from './assignments/routes.js';
import { categoryRoutes } from './categories/routes.js';
import { dishRoutes } from './dishes/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { departmentRoutes } from './departments/routes.js';
import { imageRoutes } from './images/routes.js';
import { guestRoutes } from './guest/routes.js';
import { healthRoutes } from './health/routes.js';
import { kitchenRoutes } from './kitchen/routes.js';
import { courseRoutes } from './courses/routes.js';
import { callRoutes } from './calls/routes.js';
import { billRoutes } from './bills/routes.js';
import { reportRoutes } from './reports/routes.js';
import { auditRoutes } from './audit/routes.js';
import { passwordResetRoutes } from './password-reset/routes.js';
import { drawerRoutes } from './drawers/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { tableMoveRoutes } from './table-moves/routes.js';
import { pickupRoutes } from './pickup/routes.js';
import { floorRoutes } from './floor/routes.js';
import { printingRoutes } from './printing/routes.js';
import { menuTransferRoutes } from './menu-transfer/routes.js';
import { setupRoutes } from './setup/routes.js';

/** Every module's routes, registered under /api by app.ts. Add new modules here. */
export const modules: FastifyPluginAsync[] = [
  authRoutes,
  configRoutes,
  logRoutes,
  eateryRoutes,
  orderRoutes,
  tableRoutes,
  userRoutes,
  assignmentRoutes,
  categoryRoutes,
  dishRoutes,
  catalogRoutes,
  departmentRoutes,
  imageRoutes,
  guestRoutes,
  healthRoutes,
  kitchenRoutes,
  courseRoutes,
  callRoutes,
  billRoutes,
  reportRoutes,
  auditRoutes,
  passwordResetRoutes,
  drawerRoutes,
  deviceRoutes,
  tableMoveRoutes,
  pickupRoutes,
  floorRoutes,
  printingRoutes,
  menuTransferRoutes,
  setupRoutes,
];
