// The full Mantine stylesheet: staff and public pages use many components (guest pages do not load it).
import '@mantine/core/styles.css';
import { registerTranslations } from '../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

registerTranslations({ az, en, ru });

export { PublicLayout } from './PublicLayout';
export { LoginPage } from './LoginPage';
export { RegisterPage } from './RegisterPage';
export { RegisterSuccessPage } from './RegisterSuccessPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
