// The floor of bench/startup.ts: a bare Fastify app with one route, started as our server is
// (a Node process that prints the line the bench waits for), so the ratio shows what our start
// costs over Fastify's own.
import Fastify from 'fastify';

const app = Fastify();
app.get('/health', async () => ({ status: 'ok' }));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on ${url}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close());
