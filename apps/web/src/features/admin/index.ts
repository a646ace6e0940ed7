// The full Mantine stylesheet: staff and public pages use many components (guest pages do not load it).
import '@mantine/core/styles.css';
import { registerTranslations } from '../../i18n';
import az from './shared/i18n/az.json';
import en from './shared/i18n/en.json';
import ru from './shared/i18n/ru.json';

// Texts of the layout and of what several admin screens share.
registerTranslations({ az, en, ru });

export { AdminRoot } from './layout/AdminRoot';
export { AdminStart } from './layout/AdminStart';
export { RestaurantsPage } from './restaurants/RestaurantsPage';
export { RestaurantDetailsPage } from './restaurants/RestaurantDetailsPage';
export { OrdersPage } from './orders';
export { CategoriesPage } from './categories';
export { MenuPage } from './menu';
export { MenuImportPage } from './menu-transfer';
export { DepartmentsPage } from './departments';
export { TablesPage } from './tables';
export { UsersPage } from './users';
export { DevicesPage, PinSignInPage } from './devices';
export { PrintersPage } from './printers';
export { KitchenPage } from './kitchen';
export { FloorPage } from './floor';
export { BillPage, ReceiptPage } from './bills';
export { DayReportPage, ReportsPage } from './reports';
export { DrawerPage } from './drawers';
export { AuditPage } from './audit';
export { SetupPage } from './setup';
