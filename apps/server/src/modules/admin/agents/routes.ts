import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { acceptOneImage, readOneImage } from '../../upload';
import { serve } from '../../../lib/endpoint';
import { agentExports } from './exports';
import { createAgent, getAgent, listAgents, readImage, saveBranding, saveFeatures, savePay, uploadImage } from './service';
import { createSubAgent, saveSubAgentTerms, subAgentTerms } from './subAgents';

export async function agentsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'adminAgentList', async (_req, _reply, op) => listAgents(ctx, op));
  serve(api, 'adminAgentGet', async (req, _reply, op) => getAgent(ctx, op, req.query.id));
  serve(api, 'adminAgentCreate', async (req, _reply, op) => createAgent(ctx, op, req.body));
  serve(api, 'adminAgentBrandingSave', async (req, _reply, op) => saveBranding(ctx, op, req.body.id, req.body.branding, req.body.reason));
  serve(api, 'adminAgentFeaturesSave', async (req, _reply, op) => saveFeatures(ctx, op, req.body.id, req.body.features, req.body.reason));
  serve(api, 'adminAgentPaySave', async (req, _reply, op) => savePay(ctx, op, req.body.id, req.body.pay, req.body.reason));
  // sub-agents (docs/decisions/0067-agents-in-levels.md)
  serve(api, 'adminSubAgentCreate', async (req, _reply, op) => createSubAgent(ctx, op, req.body));
  serve(api, 'adminSubAgentTerms', async (req, _reply, op) => subAgentTerms(ctx, op, req.query.id));
  serve(api, 'adminSubAgentTermsSave', async (req, _reply, op) => saveSubAgentTerms(ctx, op, req.body));
  // own scope: the multipart parser serves the image upload only
  await api.register(async (scope) => {
    await acceptOneImage(scope);
    serve(scope, 'adminBrandingImageUpload', async (req, _reply, op) => uploadImage(ctx, op, req.params.id, await readOneImage(req)));
  });
  serve(api, 'brandingImage', async (req, reply) => {
    const img = await readImage(ctx, req.params.image);
    // an image id is never reused: cacheable for good
    return reply
      .type(img.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(img.content);
  });
  agentExports(api, ctx);
}
