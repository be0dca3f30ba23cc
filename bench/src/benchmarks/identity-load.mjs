// The sign-in load generator of bench/src/benchmarks/identity.ts, run in its own process so that the clients and
// the service do not share an event loop (in one process, early requests of a burst waited for the loop far
// longer than the service took to answer, and the figures measured the client). Plain JavaScript so it starts
// without a loader. Input: one JSON argument { url, clientId, concurrency, total, users: [{ email, password }] }.
// Output: one JSON line { seconds, latenciesUs, tokens, cpuUs }.
//
// The clients share the service's two cores, so they are kept cheap: each is one keep-alive socket that writes a
// request built once per user and reads the answer with a minimal HTTP/1.1 parser (status line, content-length,
// body). Node's http client cost about 0.9 ms of CPU per sign-in here, a few percent of the cores that the
// service's figures would otherwise lose to the harness.
import { connect } from 'node:net';

const { url, clientId, concurrency, total, users } = JSON.parse(process.argv[2]);
const target = new URL(url);

/** The whole request (head and body) for one user, built once. */
const requests = users.map((user) => {
  const body = Buffer.from(
    JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  const head =
    `POST ${target.pathname} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: keep-alive\r\n` +
    'content-type: application/x-amz-json-1.1\r\n' +
    'x-amz-target: AWSCognitoIdentityProviderService.InitiateAuth\r\n' +
    `content-length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
});

/** One keep-alive connection; `send` resolves with the answer's status and body. */
function openClient() {
  const socket = connect(Number(target.port), target.hostname);
  socket.setNoDelay(true);
  let buffered = Buffer.alloc(0);
  let waiting;
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const headEnd = buffered.indexOf('\r\n\r\n');
    if (headEnd < 0 || !waiting) {
      return;
    }
    const head = buffered.subarray(0, headEnd).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
    if (!Number.isInteger(length)) {
      waiting.reject(new Error(`an answer without content-length: ${head}`));
      return;
    }
    if (buffered.length < headEnd + 4 + length) {
      return;
    }
    const status = Number(head.slice(9, 12));
    const body = buffered.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8');
    buffered = buffered.subarray(headEnd + 4 + length);
    const { resolve } = waiting;
    waiting = undefined;
    resolve({ status, body });
  });
  socket.on('error', (error) => waiting?.reject(error));
  return {
    connected: new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    }),
    send(request) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}

const latenciesUs = [];
const tokens = [];
let next = 0;
const clients = Array.from({ length: concurrency }, openClient);
await Promise.all(clients.map((client) => client.connected));
const cpuBefore = process.cpuUsage();
const started = performance.now();
await Promise.all(
  clients.map(async (client) => {
    while (next < total) {
      const request = requests[next % requests.length];
      next += 1;
      const begin = performance.now();
      const { status, body } = await client.send(request);
      const parsed = JSON.parse(body);
      if (status !== 200 || !parsed.AuthenticationResult) {
        throw new Error(`sign-in failed: ${status} ${body}`);
      }
      latenciesUs.push((performance.now() - begin) * 1000);
      tokens.push(parsed.AuthenticationResult.AccessToken);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
for (const client of clients) {
  client.close();
}
process.stdout.write(`${JSON.stringify({ seconds, latenciesUs, tokens, cpuUs: cpu.user + cpu.system })}\n`);
