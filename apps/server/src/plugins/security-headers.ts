import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers (CSP, HSTS, X-Content-Type-Options, ...) on every answer. helmet is a middleware that
 * re-reads its options on every call (@fastify/helmet even rebuilds it per request: ~3 % of the CPU of placing an
 * order); the options never change here, so the headers are worked out once and copied onto each reply.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameSrc: ["'self'", 'https:'],
      mediaSrc: ["'self'", 'https:'],
      // Added below, only where the site is reached over https.
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets with these options (its middleware run once on a response that only records them). */
export function helmetHeaders(options: HelmetOptions): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let done = false;
  helmet(options)({} as never, recorder as never, () => (done = true));
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

export const securityHeadersPlugin = fp<{ publicHttps: boolean }>(async (app, { publicHttps }) => {
  const plain = helmetHeaders(OPTIONS);
  // upgrade-insecure-requests on a page served over plain http (a phone on the LAN opening
  // http://192.168.1.20:3000) makes the browser fetch every asset over https, which fails: a blank page.
  const overHttps = plain.map(([name, value]): [string, string] =>
    name === 'content-security-policy' ? [name, `${value};upgrade-insecure-requests`] : [name, value],
  );
  app.addHook('onRequest', (request, reply, done) => {
    const headers = publicHttps || request.protocol === 'https' ? overHttps : plain;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
