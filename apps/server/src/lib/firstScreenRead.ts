// A read made for a first screen (modules/firstScreen): the holder's own session answers it through the
// API as any read, but it never rotates the session's token — the new token would reach the
// server's renderer, not the phone, whose token would then stop working after the grace.
// In-process reads (Fastify's inject) carry a header with this process's secret: an async context
// does not reach the handler through inject, and nobody outside can name the secret.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const HEADER = 'x-first-screen-read';
const SECRET = randomBytes(24).toString('base64url');

/** The headers that make an in-process request a first screen's read. */
export const firstScreenReadHeaders = (): Record<string, string> => ({ [HEADER]: SECRET });

/** Whether `req` is a first screen's read. */
export const isFirstScreenRead = (req: FastifyRequest): boolean => req.headers[HEADER] === SECRET;
