// The OpenAPI document is generated from the endpoint declarations in @portal/contract: every
// endpoint is in it as declared, with the Bearer scheme where a login is needed, the error
// answers, and the upload's multipart body.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '@portal/contract/endpoints';
import { databases, useTestApp } from './harness';

type Operation = {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
};

/** /v1/upload/:id in the declarations is /api/v1/upload/{id} in the document. */
const docPath = (path: string) => '/api' + path.replace(/:([A-Za-z_]+)/g, '{$1}');

describe.each(databases())('OpenAPI document on %s', (kind) => {
  const t = useTestApp(kind);

  it('lists every declared endpoint with its method, summary, login and answers', async () => {
    const doc = (await t.get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
      const e = ENDPOINTS[name];
      const op = doc.paths[docPath(e.path)]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op!.summary).toBe(e.summary);
      if (e.auth === 'session') {
        expect(op!.security, name).toEqual([{ bearerAuth: [] }]);
        if ('answer' in e) expect(Object.keys(op!.responses), name).toContain('401');
      } else expect(op!.security, name).toBeUndefined();
      if ('answer' in e) expect(Object.keys(op!.responses), name).toEqual(expect.arrayContaining(['200', '400', '500']));
    }
    const upload = doc.paths['/api/v1/upload']!.post!;
    expect(upload.requestBody!.content['multipart/form-data']!.schema.properties!.file!.format).toBe('binary');
  });
});
