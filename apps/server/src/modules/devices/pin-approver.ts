import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PinApprover } from '../orders/manager-approval.js';
import { PinLockedError, type DevicesService } from './devices.service.js';

/** A locked device's refusal carries Retry-After: the seconds until it takes PINs again. */
export function retryAfterLocked(reply: FastifyReply, err: unknown) {
  if (err instanceof PinLockedError) reply.header('retry-after', String(err.retryAfterSeconds));
}

/**
 * For a route taking a manager's approval: checks a manager's PIN on the device of the caller's session (the access
 * token's `dev`) for restaurant `eateryId`.
 */
export function pinApprover(
  devices: DevicesService,
  request: FastifyRequest,
  reply: FastifyReply,
  eateryId: number,
): PinApprover {
  return (pin) =>
    devices.approvePin(request.deviceId, eateryId, pin).catch((err: unknown) => {
      retryAfterLocked(reply, err);
      throw err;
    });
}
