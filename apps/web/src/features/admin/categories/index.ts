// The `categories` texts are admin-wide (features/admin/shared/i18n): the menu screen's category form uses them too.
export { CategoriesPage } from './CategoriesPage';
