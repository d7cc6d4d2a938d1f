import Fastify from 'fastify';

/** Reference: Fastify with no plugins answering the same JSON body (the framework's own cost). */
const port = Number(process.env.PORT ?? 3402);
const body = process.env.BODY ?? '{}';
const app = Fastify();
app.get('/', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port, host: '127.0.0.1' });
