import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Db } from '../db/connect';
import { authenticateOperator, OPERATOR_SESSION_COOKIE } from '../modules/admin';

/**
 * The API documents (portal and console) at /api/docs, built from the routes' zod schemas: in
 * production only an operator reads them (docs/decisions/0028); elsewhere anyone, as before.
 */
export async function openApi(app: FastifyInstance, { db, production }: { db: Db; production: boolean }): Promise<void> {
  await app.register(import('@fastify/swagger'), {
    openapi: {
      info: { title: '流量卡自助服务 API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: '登录返回的 token' },
          // the console's session: an HttpOnly cookie its login sets (docs/decisions/0050-one-endpoint-registry.md)
          cookieAuth: { type: 'apiKey', in: 'cookie', name: OPERATOR_SESSION_COOKIE, description: '运营后台登录后设置的会话 Cookie' },
        },
      },
    },
    transform: documentUploads,
  });
  await app.register(import('@fastify/swagger-ui'), {
    routePrefix: '/api/docs',
    ...(production
      ? {
          uiHooks: {
            onRequest: async (req: FastifyRequest) => {
              await authenticateOperator(db.kysely, req);
            },
          },
        }
      : {}),
  });
}

/**
 * The OpenAPI entry of a route from its zod schemas; a multipart route (`consumes`) also gets its
 * body, the file under `file`, which Fastify itself must not validate (the multipart parser reads it).
 */
function documentUploads(input: Parameters<typeof jsonSchemaTransform>[0]): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  if (!consumes?.includes('multipart/form-data')) return out;
  return {
    ...out,
    schema: {
      ...out.schema,
      body: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: '图片文件' } } },
    },
  };
}
