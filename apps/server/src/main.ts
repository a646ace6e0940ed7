import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { databaseLabel, serve } from './serve.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await serve(config, database);
app.log.info(`QR Menu is running on http://localhost:${config.port} (${databaseLabel(config, database)})`);
