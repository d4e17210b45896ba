import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, idParamsSchema, noteListResponseSchema, noteRequestSchema, noteResourceSchema, notesQuerySchema, successResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { NoteService } from './notes.service';

const params = idParamsSchema;
const one = { 200: dataResponse(noteResourceSchema) };
const view = { access: { ability: 'view-note', scope: 'business' as const } };
const create = { access: { ability: 'create-note', scope: 'business' as const } };
const edit = { access: { ability: 'edit-note', scope: 'business' as const } };
const remove = { access: { ability: 'delete-note', scope: 'business' as const } };

export const noteRoutes: FastifyPluginAsyncZod<{ notes: NoteService }> = async (server, { notes }) => {
  server.get('/notes', { config: view, schema: { querystring: notesQuerySchema, response: { 200: noteListResponseSchema } } }, async (request) =>
    notes.list(businessScope(request), request.query),
  );
  server.get('/notes/:id', { config: view, schema: { params, response: one } }, async (request) => ({
    data: await notes.get(businessScope(request), request.params.id),
  }));
  server.post('/notes', { config: create, schema: { body: noteRequestSchema, response: { 201: dataResponse(noteResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await notes.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.put('/notes/:id', { config: edit, schema: { params, body: noteRequestSchema, response: one } }, async (request) => ({
    data: await notes.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/notes/:id', { config: remove, schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await notes.remove(auditActor(request), businessScope(request), request.params.id);
    return { success: true };
  });
};
