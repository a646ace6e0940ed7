import { and, asc, eq, gt } from 'drizzle-orm';
import {
  canonicalTimeZone,
  EATERY_V,
  type CourseFireMode,
  type CourseNames,
  type Currency,
  type Language,
  type OpeningHours,
  type Role,
} from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db } from '../../db/client.js';
import { categories, eateries, images, memberships } from '../../db/schema.js';
import { AppError, notFound, accessDenied, validationError, isForeignKeyViolation } from '../../plugins/app-error.js';
import { hashedImageUrl, ImagesService, processImage } from '../images/images.service.js';
import { keyTablesWithoutKey } from '../tables/table-key.js';

type EateryInput = {
  name: string;
  address: string;
  phones: string[];
  geoLat?: number | null;
  geoLng?: number | null;
  timeZone?: string;
  language?: Language;
  guestLanguage?: Language;
  currency?: Currency;
  openingHours?: OpeningHours | null;
  ordersWithinHours?: boolean;
  tableKeysRequired?: boolean;
  confirmGuestOrders?: boolean;
  kitchenAmberMinutes?: number;
  kitchenRedMinutes?: number;
  tipMaxPercent?: number;
  serviceChargePercent?: number;
  serviceChargeNames?: { az: string; en: string; ru: string };
  serviceChargeTakeaway?: boolean;
  vatPayer?: boolean;
  vatRatePercent?: number;
  taxId?: string;
  receiptFooter?: string;
  dayStartHour?: number;
  deviceLockSeconds?: number;
  courses?: CourseNames[];
  courseFireMode?: CourseFireMode;
  pickupEnabled?: boolean;
  showStockLeft?: boolean;
};

const columns = {
  id: eateries.id,
  name: eateries.name,
  address: eateries.address,
  phones: eateries.phones,
  geoLat: eateries.geoLat,
  geoLng: eateries.geoLng,
  timeZone: eateries.timeZone,
  language: eateries.language,
  guestLanguage: eateries.guestLanguage,
  currency: eateries.currency,
  openingHours: eateries.openingHours,
  ordersWithinHours: eateries.ordersWithinHours,
  tableKeysRequired: eateries.tableKeysRequired,
  confirmGuestOrders: eateries.confirmGuestOrders,
  logoImageId: eateries.logoImageId,
  logoSha256: images.sha256,
  kitchenAmberMinutes: eateries.kitchenAmberMinutes,
  kitchenRedMinutes: eateries.kitchenRedMinutes,
  tipMaxPercent: eateries.tipMaxPercent,
  serviceChargeBp: eateries.serviceChargeBp,
  serviceChargeNames: eateries.serviceChargeNames,
  serviceChargeTakeaway: eateries.serviceChargeTakeaway,
  vatPayer: eateries.vatPayer,
  vatRateBp: eateries.vatRateBp,
  taxId: eateries.taxId,
  receiptFooter: eateries.receiptFooter,
  dayStartHour: eateries.dayStartHour,
  deviceLockSeconds: eateries.deviceLockSeconds,
  courses: eateries.courses,
  courseFireMode: eateries.courseFireMode,
  pickupEnabled: eateries.pickupEnabled,
  showStockLeft: eateries.showStockLeft,
  ownerId: eateries.ownerId,
  roles: memberships.roles,
};

interface Row {
  id: number;
  name: string;
  address: string;
  phones: string[];
  geoLat: number | null;
  geoLng: number | null;
  timeZone: string;
  language: string;
  guestLanguage: string;
  currency: string;
  openingHours: OpeningHours | null;
  ordersWithinHours: boolean;
  tableKeysRequired: boolean;
  confirmGuestOrders: boolean;
  logoImageId: number | null;
  logoSha256: string | null;
  kitchenAmberMinutes: number;
  kitchenRedMinutes: number;
  tipMaxPercent: number;
  serviceChargeBp: number;
  serviceChargeNames: { az: string; en: string; ru: string };
  serviceChargeTakeaway: boolean;
  vatPayer: boolean;
  vatRateBp: number;
  taxId: string;
  receiptFooter: string;
  dayStartHour: number;
  deviceLockSeconds: number;
  courses: CourseNames[];
  courseFireMode: string;
  pickupEnabled: boolean;
  showStockLeft: boolean;
  ownerId: number;
  roles: string[];
}

/**
 * The columns a create or an update writes as given (the time zone is checked apart). Settings left out of the body
 * (language, kitchen thresholds) keep their stored value (or the default).
 */
const detailsOf = (body: EateryInput) => ({
  name: body.name,
  address: body.address,
  phones: body.phones,
  geoLat: body.geoLat ?? null,
  geoLng: body.geoLng ?? null,
  ...(body.language ? { language: body.language } : {}),
  ...(body.guestLanguage ? { guestLanguage: body.guestLanguage } : {}),
  ...(body.currency ? { currency: body.currency } : {}),
  ...(body.openingHours !== undefined ? { openingHours: body.openingHours } : {}),
  ...(body.ordersWithinHours !== undefined ? { ordersWithinHours: body.ordersWithinHours } : {}),
  ...(body.tableKeysRequired !== undefined ? { tableKeysRequired: body.tableKeysRequired } : {}),
  ...(body.confirmGuestOrders !== undefined ? { confirmGuestOrders: body.confirmGuestOrders } : {}),
  ...(body.kitchenAmberMinutes !== undefined ? { kitchenAmberMinutes: body.kitchenAmberMinutes } : {}),
  ...(body.kitchenRedMinutes !== undefined ? { kitchenRedMinutes: body.kitchenRedMinutes } : {}),
  ...(body.tipMaxPercent !== undefined ? { tipMaxPercent: body.tipMaxPercent } : {}),
  // Percentages arrive as hundredths of a percent (the contract's transform): stored as they are.
  ...(body.serviceChargePercent !== undefined ? { serviceChargeBp: body.serviceChargePercent } : {}),
  ...(body.serviceChargeNames !== undefined ? { serviceChargeNames: body.serviceChargeNames } : {}),
  ...(body.serviceChargeTakeaway !== undefined ? { serviceChargeTakeaway: body.serviceChargeTakeaway } : {}),
  ...(body.vatPayer !== undefined ? { vatPayer: body.vatPayer } : {}),
  ...(body.vatRatePercent !== undefined ? { vatRateBp: body.vatRatePercent } : {}),
  ...(body.taxId !== undefined ? { taxId: body.taxId } : {}),
  ...(body.receiptFooter !== undefined ? { receiptFooter: body.receiptFooter } : {}),
  ...(body.dayStartHour !== undefined ? { dayStartHour: body.dayStartHour } : {}),
  ...(body.deviceLockSeconds !== undefined ? { deviceLockSeconds: body.deviceLockSeconds } : {}),
  ...(body.courses !== undefined ? { courses: body.courses } : {}),
  ...(body.courseFireMode !== undefined ? { courseFireMode: body.courseFireMode } : {}),
  ...(body.pickupEnabled !== undefined ? { pickupEnabled: body.pickupEnabled } : {}),
  ...(body.showStockLeft !== undefined ? { showStockLeft: body.showStockLeft } : {}),
});

const toDto = ({ logoImageId, logoSha256, serviceChargeBp, vatRateBp, ...r }: Row) => ({
  ...r,
  serviceChargePercent: serviceChargeBp / 100,
  vatRatePercent: vatRateBp / 100,
  phone: r.phones[0] ?? null,
  language: r.language as Language,
  guestLanguage: r.guestLanguage as Language,
  currency: r.currency as Currency,
  courseFireMode: r.courseFireMode as CourseFireMode,
  logo: logoImageId !== null && logoSha256 !== null ? hashedImageUrl(logoImageId, logoSha256) : null,
  roles: r.roles as Role[],
});

/**
 * The body checks amber < red when both are sent; with one of them, the other is the stored value (or the default),
 * so a ticket can never turn red before it turns amber. 400 validation.kitchenMinutesOrder on the red field.
 */
function assertKitchenOrder(body: EateryInput, stored: { kitchenAmberMinutes: number; kitchenRedMinutes: number }) {
  const amber = body.kitchenAmberMinutes ?? stored.kitchenAmberMinutes;
  const red = body.kitchenRedMinutes ?? stored.kitchenRedMinutes;
  if (amber >= red) throw validationError('kitchenRedMinutes', EATERY_V.kitchenMinutesOrder);
}

/** The thresholds of a new restaurant (the columns' defaults). */
const DEFAULT_KITCHEN_MINUTES = { kitchenAmberMinutes: 10, kitchenRedMinutes: 20 };

/** The body's time zone as stored (the contract already checked it); none given: undefined (default or kept). */
function validTimeZone(tz: string | undefined): string | undefined {
  if (!tz) return undefined;
  const canonical = canonicalTimeZone(tz);
  if (!canonical) throw validationError('timeZone', EATERY_V.timeZone);
  return canonical;
}

/**
 * Restaurants. Writes publish their change once committed: a new or deleted restaurant changes access (its
 * memberships), its own row changes its 'settings' (guest menu head, the orders list's time zone).
 */
export class EateriesService {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangePublisher,
  ) {}

  /** Restaurants the user is a member of, with their roles there. */
  async listForUser(userId: number) {
    const rows = await this.db
      .select(columns)
      .from(eateries)
      .innerJoin(memberships, and(eq(memberships.eateryId, eateries.id), eq(memberships.userId, userId)))
      .leftJoin(images, eq(images.id, eateries.logoImageId))
      .orderBy(asc(eateries.id));
    return rows.map(toDto);
  }

  async listOwned(userId: number) {
    return (await this.listForUser(userId)).filter((e) => e.ownerId === userId);
  }

  async get(userId: number, eateryId: number) {
    const [row] = await this.db
      .select(columns)
      .from(eateries)
      .innerJoin(memberships, and(eq(memberships.eateryId, eateries.id), eq(memberships.userId, userId)))
      .leftJoin(images, eq(images.id, eateries.logoImageId))
      .where(eq(eateries.id, eateryId));
    if (!row) throw notFound();
    return toDto(row);
  }

  async create(userId: number, body: EateryInput) {
    assertKitchenOrder(body, DEFAULT_KITCHEN_MINUTES);
    const id = await this.db
      .transaction(async (tx) => {
        const [e] = await tx
          .insert(eateries)
          .values({
            ...detailsOf(body),
            timeZone: validTimeZone(body.timeZone),
            ownerId: userId,
          })
          .returning({ id: eateries.id });
        await tx.insert(memberships).values({ userId, eateryId: e.id, roles: ['EATERY_ADMIN'] });
        return e.id;
      })
      .catch((err: unknown) => {
        // The account was deleted while its access token is still valid.
        if (isForeignKeyViolation(err)) throw new AppError(401, 'jwtInvalid');
        throw err;
      });
    this.changes.publish({ kind: 'access' });
    return this.get(userId, id);
  }

  /**
   * Turning table keys on gives every table without a key one, in the same transaction; so does shortening the
   * courses for the categories' default courses (and the menu changes with them).
   */
  async update(userId: number, eateryId: number, body: EateryInput) {
    assertKitchenOrder(body, await this.get(userId, eateryId));
    const timeZone = body.timeZone ? validTimeZone(body.timeZone) : undefined;
    await this.db.transaction(async (tx) => {
      await tx
        .update(eateries)
        .set({ ...detailsOf(body), ...(timeZone ? { timeZone } : {}) })
        .where(eq(eateries.id, eateryId));
      if (body.tableKeysRequired === true) await keyTablesWithoutKey(tx, eateryId);
      // A category's default course that is no longer named becomes the first (null), as a line of it would be.
      if (body.courses !== undefined) {
        await tx
          .update(categories)
          .set({ course: null })
          .where(and(eq(categories.eateryId, eateryId), gt(categories.course, body.courses.length)));
      }
    });
    this.changes.publish({ kind: 'settings', eateryId });
    if (body.courses !== undefined) this.changes.publish({ kind: 'menu', eateryId });
    return this.get(userId, eateryId);
  }

  /**
   * Sets the logo from an upload (the images pipeline: content sniffed, size limits, webp, content-addressed), or
   * removes it with null. The caller's access check already made sure the restaurant is the user's.
   */
  async setLogo(userId: number, eateryId: number, upload: Buffer | null) {
    const image = upload ? await processImage(upload) : null;
    await this.db.transaction(async (tx) => {
      const logoImageId = image ? await ImagesService.store(tx, image) : null;
      await tx.update(eateries).set({ logoImageId }).where(eq(eateries.id, eateryId));
    });
    this.changes.publish({ kind: 'settings', eateryId });
    return this.get(userId, eateryId);
  }

  /** Only the owner deletes a restaurant; everything in it goes with it. */
  async remove(userId: number, eatery: { id: number; ownerId: number }) {
    if (eatery.ownerId !== userId) throw accessDenied();
    await this.db.delete(eateries).where(eq(eateries.id, eatery.id));
    this.changes.publish({ kind: 'access' });
    this.changes.publish({ kind: 'settings', eateryId: eatery.id });
  }
}
