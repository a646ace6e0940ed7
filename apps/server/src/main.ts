import { loadConfig } from './config.js';
import { databaseLabel, openDatabaseForServing, serve } from './serve.js';

const config = loadConfig();
const database = await openDatabaseForServing(config);
const app = await serve(config, database);
app.log.info(`QR Menu is running on http://localhost:${config.port} (${databaseLabel(config, database)})`);
