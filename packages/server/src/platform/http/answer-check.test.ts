import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ANSWER_MISMATCH_PREFIX, answerProblems, installAnswerCheck, undescribedFields } from './answer-check.js';

const thing = z.object({ id: z.string(), size: z.number().int(), tags: z.array(z.object({ name: z.string() })) });

describe('answerProblems', () => {
  const schemas = new Map([[200, thing]]);

  it('passes an answer the schema describes', () => {
    expect(answerProblems(schemas, 200, JSON.stringify({ id: 'a', size: 1, tags: [{ name: 'x' }] }))).toEqual([]);
  });

  it('names a missing or mistyped field by its path', () => {
    const problems = answerProblems(schemas, 200, JSON.stringify({ id: 'a', size: 1.5, tags: [{}] }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^\$\.size: /);
    expect(problems[1]).toMatch(/^\$\.tags\.0\.name: /);
  });

  it('names a field the schema does not describe, however deep', () => {
    const sent = { id: 'a', size: 1, tags: [{ name: 'x', colour: 'red' }], extra: true };
    expect(answerProblems(schemas, 200, JSON.stringify(sent))).toEqual([
      '$.tags[0].colour: not in the schema',
      '$.extra: not in the schema',
    ]);
  });

  it('refuses a success status without a schema, and leaves other statuses alone', () => {
    expect(answerProblems(schemas, 201, '{}')).toEqual(['status 201 has no answer schema (declared: 200)']);
    expect(answerProblems(schemas, 404, '{"error":"not-found"}')).toEqual([]);
    expect(answerProblems(schemas, 200, 'not json')).toEqual(['the answer is not JSON']);
  });

  it('lets loose objects and records keep their keys', () => {
    expect(undescribedFields({ a: { b: 1 } }, z.looseObject({}).parse({ a: { b: 1 } }))).toEqual([]);
    expect(undescribedFields({ a: 1 }, z.record(z.string(), z.number()).parse({ a: 1 }))).toEqual([]);
  });
});

describe('installAnswerCheck', () => {
  let app: FastifyInstance;
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

  beforeAll(async () => {
    app = Fastify();
    installAnswerCheck(app);
    const contract = { response: { 200: thing, 201: z.object({ id: z.string() }) } };
    app.get('/good', { config: { contract } }, async () => ({ id: 'a', size: 2, tags: [] }));
    app.get('/bad', { config: { contract } }, async () => ({ id: 'a', size: 'big', tags: [] }));
    app.post('/created', { config: { contract } }, async (_request, reply) => reply.code(201).send({ id: 'b' }));
    app.post('/accepted', { config: { contract } }, async (_request, reply) => reply.code(202).send({ id: 'b' }));
    app.get('/refused', { config: { contract } }, async (_request, reply) => reply.code(404).send({ error: 'x' }));
    app.get('/moved', { config: { contract } }, async (_request, reply) => reply.redirect('/good', 303));
    app.get('/plain', async () => ({ anything: true }));
    const csv = { answerType: 'text/csv', response: z.string().startsWith('Date,') };
    app.get('/rows.csv', { config: { contract: csv } }, async (_request, reply) =>
      reply.type('text/csv; charset=utf-8').send('Date,Total\r\n'),
    );
    app.get('/headless.csv', { config: { contract: csv } }, async (_request, reply) =>
      reply.type('text/csv; charset=utf-8').send('Total\r\n'),
    );
    app.get('/json.csv', { config: { contract: csv } }, async () => 'Date,Total\r\n');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    errors.mockRestore();
  });

  it('sends answers that match, with their own status', async () => {
    expect((await app.inject('/good')).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/created' })).statusCode).toBe(201);
    expect((await app.inject('/refused')).statusCode).toBe(404);
    expect((await app.inject('/moved')).statusCode).toBe(303);
    expect((await app.inject('/plain')).json()).toEqual({ anything: true });
  });

  it('turns a mismatch into a 500 naming the route and the problem, and says so on the console', async () => {
    const answer = await app.inject('/bad');
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      error: 'internal',
      message: expect.stringContaining(`${ANSWER_MISMATCH_PREFIX}: GET /bad (200): $.size: `),
    });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('GET /bad (200)'));
    const undeclared = await app.inject({ method: 'POST', url: '/accepted' });
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.json().message).toContain('status 202 has no answer schema');
  });

  it('holds a text answer (answerType) as text, and its media type', async () => {
    const good = await app.inject('/rows.csv');
    expect([good.statusCode, good.body]).toEqual([200, 'Date,Total\r\n']);
    const headless = await app.inject('/headless.csv');
    expect(headless.statusCode).toBe(500);
    expect(headless.json().message).toContain('GET /headless.csv (200): text/csv: ');
    const untyped = await app.inject('/json.csv');
    expect(untyped.statusCode).toBe(500);
    expect(untyped.json().message).toContain('not text/csv');
  });
});
