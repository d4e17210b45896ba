import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enforceSensitiveResponses, secretResponseFields } from './sensitive-routes';

function server() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  enforceSensitiveResponses(app);
  return app;
}

describe('secret-bearing responses must be declared', () => {
  it('finds secret-named text fields at any depth of a response schema', () => {
    const schema = z.object({
      data: z.object({ id: z.string(), has_password: z.boolean(), token_total_count: z.number(), currency_code: z.string() }),
      items: z.array(z.object({ otpauth_url: z.string().nullable() })),
      plain_text_token: z.string(),
      either: z.union([z.object({ recovery_codes: z.array(z.string()) }), z.object({ n: z.number() })]),
    });
    expect(secretResponseFields({ schema: { response: { 200: schema } } }).sort()).toEqual(['otpauth_url', 'plain_text_token', 'recovery_codes']);
    expect(secretResponseFields({ schema: { response: { 200: z.object({ id: z.string(), name: z.string() }) } } })).toEqual([]);
  });

  it('refuses to start with a route that returns a secret without declaring it, and accepts it declared', async () => {
    const undeclared = server();
    expect(() => undeclared.post('/api/v1/leaky', { schema: { response: { 200: z.object({ secret: z.string() }) } } }, async () => ({ secret: 's' }))).toThrow(
      /POST \/api\/v1\/leaky returns secret: declare config.sensitiveResponse/,
    );
    await undeclared.close();

    const declared = server();
    declared.post('/api/v1/declared', { config: { sensitiveResponse: true }, schema: { response: { 200: z.object({ secret: z.string() }) } } }, async () => ({ secret: 's' }));
    const answer = await declared.inject({ method: 'POST', url: '/api/v1/declared' });
    expect(answer.json()).toEqual({ secret: 's' });
    await declared.close();
  });
});
