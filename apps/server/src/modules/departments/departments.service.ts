import { and, asc, eq, sql } from 'drizzle-orm';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db } from '../../db/client.js';
import { kitchenDepartments } from '../../db/schema.js';
import { AppError, notFound, isUniqueViolation } from '../../plugins/app-error.js';

interface DepartmentInput {
  name: string;
  restaurantId?: number;
  eateryId?: number;
}

const columns = { id: kitchenDepartments.id, name: kitchenDepartments.name, eateryId: kitchenDepartments.eateryId };
const toDto = (r: { id: number; name: string; eateryId: number }) => ({ ...r, restaurantId: r.eateryId });

/** A restaurant id given in a body must be the restaurant of the path. */
function checkSameEatery(eateryId: number, body: DepartmentInput) {
  for (const given of [body.restaurantId, body.eateryId]) {
    if (given !== undefined && given !== eateryId) throw notFound();
  }
}

/**
 * Kitchen departments: names unique per restaurant, case-insensitively (409 `departmentExists`). Every write
 * publishes a 'menu' change once committed (dishes and order items name their department).
 */
export class DepartmentsService {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangePublisher,
  ) {}

  async list(eateryId: number) {
    const rows = await this.db
      .select(columns)
      .from(kitchenDepartments)
      .where(eq(kitchenDepartments.eateryId, eateryId))
      .orderBy(asc(sql`lower(${kitchenDepartments.name})`), asc(kitchenDepartments.id));
    return rows.map(toDto);
  }

  async create(eateryId: number, body: DepartmentInput) {
    checkSameEatery(eateryId, body);
    try {
      const [row] = await this.db.insert(kitchenDepartments).values({ eateryId, name: body.name }).returning(columns);
      this.changes.publish({ kind: 'menu', eateryId });
      return toDto(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'departmentExists');
      throw err;
    }
  }

  async update(eateryId: number, departmentId: number, body: DepartmentInput) {
    checkSameEatery(eateryId, body);
    try {
      const [row] = await this.db
        .update(kitchenDepartments)
        .set({ name: body.name })
        .where(and(eq(kitchenDepartments.id, departmentId), eq(kitchenDepartments.eateryId, eateryId)))
        .returning(columns);
      if (!row) throw notFound();
      this.changes.publish({ kind: 'menu', eateryId });
      return toDto(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'departmentExists');
      throw err;
    }
  }

  /** Dishes of a deleted department keep existing without one (foreign key ON DELETE SET NULL). */
  async remove(eateryId: number, departmentId: number) {
    const [row] = await this.db
      .delete(kitchenDepartments)
      .where(and(eq(kitchenDepartments.id, departmentId), eq(kitchenDepartments.eateryId, eateryId)))
      .returning({ id: kitchenDepartments.id });
    if (!row) throw notFound();
    this.changes.publish({ kind: 'menu', eateryId });
  }
}
