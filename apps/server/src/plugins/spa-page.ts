import type { FastifyReply } from 'fastify';

/**
 * The web app's index.html, for a path the browser app routes itself. Revalidated on every visit (a deploy changes
 * the hashed files it names); `cacheControl: false`, else @fastify/static replaces our header with its own max-age.
 */
export const sendSpaPage = (reply: FastifyReply) =>
  reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
