import fp from 'fastify-plugin';
import { AppError } from '../../plugins/app-error.js';
import { AgentHub } from './agent-hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The print agents connected to this instance (agent-hub.ts). */
    printAgents: AgentHub;
  }
}

/**
 * Decorates `app.printAgents` and opens the agents' namespace once the socket.io server exists (the realtime
 * plugin makes it in its own onReady hook, so this plugin is registered after it). An agent's token is a registered
 * device's: `devices.me` answers 401 for an unknown or revoked one, which refuses the agent.
 */
export const printAgentsPlugin = fp(
  async (app) => {
    const hub = new AgentHub();
    app.decorate('printAgents', hub);

    app.addHook('onReady', async () => {
      const io = app.realtime.io;
      if (!io) throw new Error('print agents: the socket.io server is not there (register after the realtime plugin)');
      hub.attach(io, async (token) => {
        try {
          const device = await app.services.devices.me(token);
          return { eateryId: device.eateryId, deviceId: device.id };
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401) return null;
          app.log.error({ err }, 'print agent: device check failed');
          throw err;
        }
      });
    });
  },
  { name: 'print-agents' },
);
