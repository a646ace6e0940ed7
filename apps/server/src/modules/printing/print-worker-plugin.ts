import fp from 'fastify-plugin';
import { renderDocument } from './escpos/render.js';
import { queryPrinterState, sendToPrinter } from './escpos/transport.js';
import { PrintWorker } from './print-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's print worker; null when config.printWorker is off (tests start their own). */
    printWorker: PrintWorker | null;
  }
}

/**
 * Starts the print worker when the app is ready and stops it on close. It is woken when jobs are queued here and
 * when a print agent connects; jobs queued on other instances it finds at its next poll.
 */
export const printWorkerPlugin = fp(
  async (app) => {
    if (!app.config.printWorker) {
      app.decorate('printWorker', null);
      return;
    }
    const worker = new PrintWorker(app.db, {
      render: renderDocument,
      sendDirect: (address, bytes) => sendToPrinter(address, bytes),
      probe: (address) => queryPrinterState(address),
      agents: app.printAgents,
      changed: (eateryId) => app.realtime.emitPrinters(eateryId),
      log: app.log,
    });
    app.decorate('printWorker', worker);
    app.realtime.onPrintJobsQueued(() => worker.kick());
    app.printAgents.onChange(() => worker.kick());
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'print-worker' },
);
