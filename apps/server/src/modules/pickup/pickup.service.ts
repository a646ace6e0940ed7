import { eq } from 'drizzle-orm';
import type { Language, PickupBoard } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { eateries } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import type { ItemInput, OrderCommands, PlacedOrder } from '../orders/order-commands.js';
import { findIdempotentOrder } from '../orders/order-queries.js';
import { readBoard } from './pickup-board.js';

export interface PickupOrderInput {
  items: readonly ItemInput[];
  note?: string | null;
  customerName: string;
  customerPhone: string | null;
}

/** The restaurant's pickup settings. */
export interface PickupSettings {
  name: string;
  guestLanguage: Language;
  pickupEnabled: boolean;
  /**
   * The service charge (percent) of an order without a table: the restaurant's rate when it charges takeaway too,
   * else none. The same rule the database applies when it stamps a new order's rate (migration 0012's trigger).
   */
  chargePercent: number;
}

/**
 * Guest pickup orders and the pickup board. A pickup order is a guest order without a table: the orders module places
 * it with the guest rules (opening hours, available dishes, server-side prices, the device cookie and the
 * Idempotency-Key), as kind PICKUP with the customer's name and phone; the guest then follows it like a table order.
 */
export class PickupService {
  constructor(
    private readonly db: Db,
    private readonly commands: OrderCommands,
  ) {}

  /** The restaurant's pickup settings; 404 when it does not exist. */
  async settings(eateryId: number): Promise<PickupSettings> {
    const [row] = await this.db
      .select({
        name: eateries.name,
        guestLanguage: eateries.guestLanguage,
        pickupEnabled: eateries.pickupEnabled,
        serviceChargeBp: eateries.serviceChargeBp,
        serviceChargeTakeaway: eateries.serviceChargeTakeaway,
      })
      .from(eateries)
      .where(eq(eateries.id, eateryId));
    if (!row) throw notFound();
    return {
      name: row.name,
      guestLanguage: row.guestLanguage as Language,
      pickupEnabled: row.pickupEnabled,
      chargePercent: row.serviceChargeTakeaway ? row.serviceChargeBp / 100 : 0,
    };
  }

  /** 409 `pickupOff` while the restaurant does not take pickup orders. */
  async assertPickupOn(eateryId: number): Promise<PickupSettings> {
    const settings = await this.settings(eateryId);
    if (!settings.pickupEnabled) throw new AppError(409, 'pickupOff');
    return settings;
  }

  /**
   * Places a pickup order (see the contract's pickupPlaceOrderBody). With pickup switched off, 409 `pickupOff` and
   * nothing stored, except for a retry of an order placed before: it gets that order, as any retry does.
   */
  async place(
    eateryId: number,
    input: PickupOrderInput,
    deviceId: string,
    idempotencyKey: string | null,
  ): Promise<PlacedOrder> {
    const settings = await this.settings(eateryId);
    if (!settings.pickupEnabled) {
      const first = idempotencyKey ? await findIdempotentOrder(this.db, eateryId, deviceId, idempotencyKey) : null;
      if (first) return { order: first, created: false };
      throw new AppError(409, 'pickupOff');
    }
    return this.commands.placeOrder(eateryId, null, input.items, input.note, {
      guest: true,
      deviceId,
      idempotencyKey,
      kind: 'PICKUP',
      customer: { name: input.customerName, phone: input.customerPhone },
    });
  }

  /** The board of the restaurant (404 when it does not exist); shown whether or not guests may order for pickup. */
  async board(eateryId: number): Promise<PickupBoard> {
    const settings = await this.settings(eateryId);
    const numbers = await readBoard(this.db, eateryId);
    return { eateryName: settings.name, defaultLanguage: settings.guestLanguage, ...numbers };
  }
}
