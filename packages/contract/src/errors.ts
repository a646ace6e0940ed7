/** Every error the API can answer with. The web app translates `messageKey` with `errors.<key>`. */
export const ERROR_KEYS = [
  'validation',
  'jwtInvalid',
  'invalidPass',
  'accessDenied',
  'notYourEatery',
  'notYourResource',
  'notFound',
  'userExist',
  'tableExists',
  'departmentExists',
  'limitReached',
  'orderClosed',
  'orderHasPayments',
  'orderHasDiscount',
  'orderNotAtTable',
  'orderNotConfirmed',
  'orderNotClosed',
  'courseHeld',
  'nothingHeld',
  'nothingReady',
  'refundFirst',
  'managerApprovalRequired',
  'approvalInvalid',
  'deviceInvalid',
  'pinInvalid',
  'pinLocked',
  'pinTaken',
  'pinOffDevice',
  'integrityViolation',
  'imageTooLarge',
  'unsupportedImage',
  'bodyTooLarge',
  'unsupportedMediaType',
  'invalidJson',
  'tooManyRequests',
  'headersTooLarge',
  'requestTimeout',
  'badRequest',
  'cannotRemoveOwnAdminRole',
  'cannotDeleteSelf',
  'cannotRemoveOwner',
  'tableInactive',
  'tableKeyInvalid',
  'closedNow',
  'pickupOff',
  'notEnoughStock',
  'resetLinkInvalid',
  'drawerNotOpen',
  'drawerAlreadyOpen',
  'drawerClosed',
  'drawersStillOpen',
  'dayClosed',
  'dayNotClosed',
  'noPrinter',
  'serviceUnavailable',
  'internal',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/**
 * Errors only staff requests can get (staff screens, devices, the till, the drawers): guest pages do not ship their
 * texts (the guest's first load stays small). A key left out of here only costs guests a few bytes.
 */
export const STAFF_ONLY_ERROR_KEYS: readonly ErrorKey[] = [
  'noPrinter',
  'jwtInvalid',
  'invalidPass',
  'notYourEatery',
  'limitReached',
  'imageTooLarge',
  'unsupportedImage',
  'userExist',
  'tableExists',
  'departmentExists',
  'orderHasPayments',
  'orderHasDiscount',
  'orderNotAtTable',
  'orderNotConfirmed',
  'orderNotClosed',
  'courseHeld',
  'nothingHeld',
  'nothingReady',
  'refundFirst',
  'managerApprovalRequired',
  'approvalInvalid',
  'deviceInvalid',
  'pinInvalid',
  'pinLocked',
  'pinTaken',
  'pinOffDevice',
  'cannotRemoveOwnAdminRole',
  'cannotDeleteSelf',
  'cannotRemoveOwner',
  'resetLinkInvalid',
  'drawerNotOpen',
  'drawerAlreadyOpen',
  'drawerClosed',
  'drawersStillOpen',
  'dayClosed',
  'dayNotClosed',
];

export interface ErrorDetail {
  field: string;
  messageKey: string;
}

/**
 * What a message is filled in with, e.g. `limitReached`'s `{ max: 1000, what: 'dishes' }`: the web passes them to
 * its translation (`{{max}}`), and `what`, when present, names the kind of thing the message is about.
 */
export type ErrorParams = Record<string, string | number | null>;

/** `closedNow`'s params: when guest orders are taken again (ISO UTC), or null when every day is closed. */
export type ClosedNowParams = { opensAt: string | null };

/**
 * `notEnoughStock`'s params: the counted dish that has too few portions left (`name` in the restaurant's first
 * language; `nameAz`/`nameEn`/`nameRu` with the menu's fallback) and how many are left for what was asked (0: it is
 * sold out; a line whose quantity was changed counts its own portions as left).
 */
export type NotEnoughStockParams = {
  dishId: number;
  name: string;
  nameAz: string;
  nameEn: string;
  nameRu: string;
  left: number;
};

export interface ApiErrorBody {
  messageKey: ErrorKey;
  message: string;
  details?: ErrorDetail[];
  params?: ErrorParams;
  /** The request's id (also in the X-Request-Id header and the server's log lines), for a person to quote. */
  requestId?: string;
}

/** English fallback texts (the server sends these as `message`). */
export const ERROR_MESSAGES: Record<ErrorKey, string> = {
  validation: 'Some fields are invalid.',
  jwtInvalid: 'Your session has expired. Please log in again.',
  invalidPass: 'The password you entered is incorrect.',
  accessDenied: 'You don’t have permission to proceed this action.',
  notYourEatery: 'You don’t have access to this restaurant.',
  notYourResource: 'You don’t have permission to view this resource.',
  notFound: 'Not found.',
  userExist: 'An account with this email already exists.',
  tableExists: 'A table with this number already exists.',
  departmentExists: 'A department with this name already exists.',
  limitReached: 'This restaurant already has as many of these as it may hold.',
  orderClosed: 'This order is closed and can no longer be changed.',
  orderHasPayments:
    'This order has payments: its lines change only by a void, and it can be cancelled once they are refunded.',
  orderHasDiscount: 'This check has a discount: remove it before moving, merging or splitting it, then give it again.',
  orderNotAtTable: 'Takeaway and pickup orders have no table: they cannot be moved or merged, only split.',
  orderNotConfirmed: 'This order is still waiting for staff to confirm it and cannot be paid yet.',
  orderNotClosed: 'This order is still open: only a paid or cancelled order can be reopened.',
  courseHeld: 'This dish waits for its course to be fired: the waiter fires it, then the kitchen can start it.',
  nothingHeld: 'Nothing of this course is waiting: it was already fired.',
  nothingReady: 'Nothing at this table is ready to serve.',
  refundFirst: 'More has been paid than the order would cost after this change. Refund the difference first.',
  managerApprovalRequired:
    'A manager has to approve this: the void of a started or served dish, a discount or a refund.',
  approvalInvalid: 'The manager’s e-mail and password or PIN are incorrect, or they are not a manager here.',
  deviceInvalid: 'This browser is not a registered device of the restaurant (any more). Sign in with your e-mail.',
  pinInvalid: 'This PIN is not correct.',
  pinLocked: 'Too many wrong PINs on this device. Try again in a few minutes.',
  pinTaken: 'Another member of this restaurant already has this PIN. Choose another one.',
  pinOffDevice: 'A PIN works only on a registered device of this restaurant. Use the manager’s e-mail and password.',
  integrityViolation: 'Cannot delete dish because it is referenced by order items',
  imageTooLarge: 'The image is too large. The limit is 3 MB.',
  unsupportedImage: 'This file is not a supported image.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  invalidJson: 'The request body is not valid JSON.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  headersTooLarge: 'The request headers are too large. Clearing this site’s cookies may help.',
  requestTimeout: 'The request took too long. Please try again.',
  badRequest: 'The request could not be read.',
  cannotRemoveOwnAdminRole: 'You cannot remove your own Eatery Admin role.',
  cannotDeleteSelf: 'You cannot delete yourself.',
  cannotRemoveOwner: 'The owner of the restaurant cannot be removed.',
  tableInactive: 'This table is not taking orders right now.',
  tableKeyInvalid: 'This QR code is no longer valid. Please scan the code on your table again.',
  closedNow: 'The restaurant is closed now: guests can order during its opening hours (see `params.opensAt`).',
  pickupOff: 'This restaurant does not take pickup orders right now.',
  notEnoughStock:
    'Not enough portions of a dish are left (see `params`: the dish, its name and how many are left; 0: sold out).',
  resetLinkInvalid:
    'This password reset link does not work: it has expired, was already used or is incomplete. Please ask for a new one.',
  drawerNotOpen: 'Open your cash drawer for today (with its opening float) before taking or giving back cash.',
  drawerAlreadyOpen: 'You already have an open cash drawer: close it before opening another.',
  drawerClosed: 'This cash drawer is closed: its cash was counted.',
  drawersStillOpen: 'Some cash drawers of this day are still open: count and close them before closing the day.',
  dayClosed:
    'This business day is closed by its Z report: its payments cannot change. An admin can reopen the day with a reason.',
  dayNotClosed: 'This business day is not closed.',
  noPrinter: 'No printer prints this: add one under Printers.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  internal: 'Something went wrong on our side.',
};
