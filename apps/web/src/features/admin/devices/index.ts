import '../shared/devices/translations';

export { DevicesPage } from './DevicesPage';
export { PinSignInPage } from './PinSignInPage';
